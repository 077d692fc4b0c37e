import { Inject, Injectable, Logger } from '@nestjs/common';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { AUTOMATED_HEADERS, listHeaders } from './domain/list-headers';
import { signedAddress, unsubscribeToken } from './domain/mail-tokens';
import { EmailTemplates, TemplateName } from './email-templates';
import { EmailToSend } from './outbox.service';

/** Gmail clips messages over about 102 KB of HTML, hiding the rest (and the unsubscribe link). */
export const GMAIL_CLIP_BYTES = 100_000;

export interface Composition {
  template: TemplateName;
  dedupKey: string;
  to: { userId: string | null; email: string };
  subject: string;
  /** The line clients show after the subject. */
  preview: string;
  fromName?: string;
  /** The template's own fields. */
  view: object;
  /** Why the reader gets this email (footer). */
  footerNote: string;
  /**
   * Subscribed mail: one list per feed, ended by unsubscribing these subscriptions; `feedUrl` when the
   * email is about one feed (`X-Tidings-Feed`).
   */
  list?: { key: string; name: string; subscriptionIds: string[]; feedUrl?: string };
  /** Mail about subscriptions that is not itself list mail: what a reply command to it acts on. */
  subscriptionIds?: string[];
  headers?: Record<string, string>;
  /** Feeds with new items in it: what a digest's price depends on. */
  feedCount?: number;
}

/**
 * Smaller and smaller views of one email (`view(1)` … `view(steps)`, each no bigger than the one
 * before), for when its HTML would be clipped by Gmail.
 */
export interface Shrinking {
  steps: number;
  view(step: number): object;
}

/**
 * Turns a composition into a complete outbox row: HTML and text from the precompiled layouts of its
 * kind, list and automation headers, and the signed Reply-To and VERP addresses that name
 * the row. With `shrinking`, the HTML is the fullest view that stays under Gmail's clip.
 */
@Injectable()
export class EmailComposer {
  private readonly logger = new Logger(EmailComposer.name);
  private readonly domain: string;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly templates: EmailTemplates,
  ) {
    this.domain = config.MAIL_FROM.domain;
  }

  compose(composition: Composition, shrinking?: Shrinking): EmailToSend {
    const id = newId();
    const key = this.config.SECRET_KEY;
    const token = composition.list ? unsubscribeToken(key, { emailId: id }) : null;
    const unsubscribeUrl = token ? this.unsubscribeUrl(token) : null;
    const render = (view: object) => {
      const full = this.fullView(composition, view, unsubscribeUrl);
      return { view: full, html: this.templates.render(composition.template, full) };
    };
    const { view, html } = this.fittingRender(render(composition.view), render, shrinking);
    if (Buffer.byteLength(html) > GMAIL_CLIP_BYTES) {
      this.logger.warn(
        `${composition.template} email ${id} is ${Buffer.byteLength(html)} bytes: Gmail clips it`,
      );
    }
    const list =
      composition.list && token && unsubscribeUrl
        ? listHeaders({
            listKey: composition.list.key,
            listName: composition.list.name,
            domain: this.domain,
            unsubscribeUrl,
            unsubscribeMailto: `mailto:unsubscribe@${this.domain}?subject=unsubscribe%20${token}`,
            feedUrl: composition.list.feedUrl,
          })
        : {};
    return {
      id,
      dedupKey: composition.dedupKey,
      userId: composition.to.userId,
      kind: composition.template,
      to: composition.to.email,
      fromName: composition.fromName,
      subject: composition.subject,
      html,
      text: this.templates.renderText(composition.template, view),
      headers: { ...AUTOMATED_HEADERS, ...list, ...composition.headers },
      envelopeFrom: signedAddress(key, 'bounce', id, this.domain),
      replyTo: signedAddress(key, 'reply', id, this.domain),
      subscriptionIds: composition.list?.subscriptionIds ?? composition.subscriptionIds,
      feedCount: composition.feedCount,
    };
  }

  /** The first view that fits, by bisection over the shrinking steps (the smallest when none does). */
  private fittingRender(
    full: { view: object; html: string },
    render: (view: object) => { view: object; html: string },
    shrinking?: Shrinking,
  ): { view: object; html: string } {
    const fits = (html: string) => Buffer.byteLength(html) <= GMAIL_CLIP_BYTES;
    if (fits(full.html) || !shrinking || shrinking.steps < 1) return full;
    let low = 1;
    let high = shrinking.steps;
    let best = render(shrinking.view(high));
    if (!fits(best.html)) return best;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const attempt = render(shrinking.view(middle));
      if (fits(attempt.html)) {
        best = attempt;
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    return best;
  }

  /** Where a reader ends these subscriptions; also for links in page bodies (digest sections). */
  unsubscribeUrlFor(subscriptionIds: string[]): string {
    return this.unsubscribeUrl(unsubscribeToken(this.config.SECRET_KEY, { subscriptionIds }));
  }

  private unsubscribeUrl(token: string): string {
    return `${this.config.PUBLIC_URL}/unsubscribe/${token}`;
  }

  /** The template's own fields and those every layout shows (head, footer). */
  private fullView(composition: Composition, view: object, unsubscribeUrl: string | null): object {
    return {
      ...view,
      subject: composition.subject,
      preview: composition.preview,
      footerNote: composition.footerNote,
      unsubscribeUrl,
      settingsUrl: this.config.PUBLIC_URL,
    };
  }
}
