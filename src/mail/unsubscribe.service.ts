import { Inject, Injectable } from '@nestjs/common';
import { RefusedLinkError } from '../common/errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { FeedsService } from '../feeds/feeds.service';
import { UnsubscribeTarget, unsubscribeTargetFromToken } from './domain/mail-tokens';
import { OutboxService } from './outbox.service';

/** One-click unsubscription: the signed token names what to end; nothing else is needed. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly outbox: OutboxService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Throws when the token is not one we signed. */
  check(token: string): UnsubscribeTarget {
    const target = unsubscribeTargetFromToken(this.config.SECRET_KEY, token);
    if (!target)
      throw new RefusedLinkError(
        400,
        'This unsubscribe link is not valid: it was changed or cut short on its way here, or it belongs to another Tidings.',
        'Open it again from the email, copied whole, or use the Unsubscribe button your mail app shows for Tidings emails. Signed in, you can also remove the feed on its page.',
        { href: '/signin', label: 'Sign in to manage your feeds' },
      );
    return target;
  }

  /**
   * The mailto half of List-Unsubscribe, for the inbound mail module: a message to `unsubscribe@` whose
   * subject is `unsubscribe TOKEN`. Returns false when the subject carries no token we signed.
   */
  async unsubscribeByMailSubject(subject: string): Promise<boolean> {
    const token = /^\s*unsubscribe\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i.exec(subject)?.[1];
    if (!token || !unsubscribeTargetFromToken(this.config.SECRET_KEY, token)) return false;
    await this.unsubscribe(token);
    return true;
  }

  /** Ends the token's subscriptions; already-ended ones are fine (a second click, a retry). */
  unsubscribe(token: string): Promise<number> {
    return this.end(this.check(token));
  }

  /** Ends the subscriptions an email belongs to (a complaint about it); returns how many were live. */
  async end(target: UnsubscribeTarget): Promise<number> {
    const ids =
      'emailId' in target ? await this.outbox.subscriptionIdsOf(target.emailId) : target.subscriptionIds;
    let removed = 0;
    for (const id of ids) if (await this.feeds.removeSubscription(id)) removed += 1;
    return removed;
  }
}
