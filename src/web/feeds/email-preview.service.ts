import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { User } from '../../accounts/accounts.service';
import { rewriteForEmail } from '../../content';
import { NormalizedEntry } from '../../entries/domain/normalized-entry';
import { MailService } from '../../mail/mail.service';
import { contentSecurityPolicy } from '../domain/content-security-policy';
import { WebRequest } from '../web-request';

export interface PreviewedFeed {
  /** Absent before subscribing. */
  id?: string;
  subscriptionId?: string;
  title: string | null;
  url: string;
  siteUrl: string | null;
}

/**
 * A feed's newest post as the real one-post email would show it: the entry's HTML rewritten for email
 * by the content module, then rendered by the mail module's own template, without sending anything.
 */
@Injectable()
export class EmailPreviews {
  constructor(private readonly mail: MailService) {}

  entryEmailHtml(user: User, feed: PreviewedFeed, entry: NormalizedEntry): string {
    return this.mail.previewEntry({
      dedupKey: 'preview',
      to: { userId: user.id, email: user.email },
      subscriptionId: feed.subscriptionId ?? 'preview',
      feed: { id: feed.id ?? 'preview', title: feed.title, url: feed.url, siteUrl: feed.siteUrl },
      entry: {
        title: entry.title,
        link: entry.link,
        author: entry.author,
        published: entry.published ?? entry.updated,
        html: rewriteForEmail(entry.content ?? entry.summary ?? '', entry.link ?? 'about:blank'),
      },
    });
  }
}

/** Loosens this response's policy for the preview frame (see contentSecurityPolicy). */
export function allowEmailPreview(request: WebRequest, response: Response): void {
  response.setHeader(
    'Content-Security-Policy',
    contentSecurityPolicy(request.web.scriptNonce, { showsEmailPreview: true }),
  );
}
