import { Inject, Injectable } from '@nestjs/common';
import { ValidationError } from '../common/errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { FeedsService } from '../feeds/feeds.service';
import { subscriptionIdsFromToken } from './domain/mail-tokens';

/** One-click unsubscription: the signed token names the subscriptions; nothing else is needed. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly feeds: FeedsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Throws when the token is not one we signed. */
  check(token: string): string[] {
    const ids = subscriptionIdsFromToken(this.config.SECRET_KEY, token);
    if (!ids) throw new ValidationError('This unsubscribe link is not valid.');
    return ids;
  }

  /** Ends the token's subscriptions; already-ended ones are fine (a second click, a retry). */
  async unsubscribe(token: string): Promise<number> {
    let removed = 0;
    for (const id of this.check(token)) if (await this.feeds.removeSubscription(id)) removed += 1;
    return removed;
  }
}
