import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { User } from '../accounts/accounts.service';
import { emailSchema } from '../accounts/domain/user-settings';
import { Clock } from '../common/clock';
import { RefusedLinkError, ValidationError } from '../common/errors';
import { sha256Hex } from '../common/ids';
import { parseOrThrow } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { DELIVER_TO_LINK_DAYS, DELIVER_TO_LINKS_PER_DAY } from '../feeds/domain/delivery-address';
import { FeedsService, Subscription } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';

export interface DeliverToChoice {
  state: 'account' | 'confirmed' | 'waiting';
  /** null: the account address. */
  address: string | null;
}

/** What the reader typed to send a feed back to the account address (the CLI's `--deliver-to ""` too). */
const ACCOUNT_WORDS = new Set(['', 'account']);

/**
 * A delivery address per subscription: another address of the reader, used only once the link sent to
 * it is followed (the link proves the address is theirs, as a sign-in link does). Until then, and after
 * it is cleared, the account address gets the feed's emails.
 */
@Injectable()
export class DeliverToService {
  private readonly logger = new Logger(DeliverToService.name);

  constructor(
    private readonly feeds: FeedsService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Sets (or clears) the address of one of the user's subscriptions; a new address is sent its link now. */
  async choose(user: User, subscriptionId: string, input: string): Promise<DeliverToChoice> {
    const typed = input.trim();
    const address = ACCOUNT_WORDS.has(typed.toLowerCase()) ? null : parseOrThrow(emailSchema, typed);
    const chosen = address === user.email ? null : address;
    if (chosen && !(await this.feeds.hasConfirmedDeliverTo(user.id, chosen))) await this.assertMayLink(user);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256Hex(token);
    const state = await this.feeds.chooseDeliverTo(user.id, subscriptionId, chosen, tokenHash);
    if (state === 'waiting') await this.sendLink(user, subscriptionId, chosen!, token, tokenHash);
    return { state, address: chosen };
  }

  /** Checks a link without using it (link scanners only ever GET); throws when it cannot confirm. */
  async assertUsable(token: string): Promise<Subscription> {
    const subscription = await this.feeds.waitingForDeliverToToken(sha256Hex(token));
    if (!subscription) throw refusal();
    return subscription;
  }

  /** Follows the link once: the address it was sent to gets that feed's emails from now on. */
  async confirm(token: string): Promise<Subscription> {
    const subscription = await this.feeds.confirmDeliverTo(sha256Hex(token));
    if (!subscription) throw refusal();
    return subscription;
  }

  /** Refuses a sixth link in a day: each goes to an address nobody has confirmed yet. */
  private async assertMayLink(user: User): Promise<void> {
    const since = new Date(this.clock.now().getTime() - 86_400_000);
    const sent = await this.outbox.countOfKindsSince(user.id, ['address-confirmation'], since);
    if (sent >= DELIVER_TO_LINKS_PER_DAY)
      throw new ValidationError(
        `you asked for ${sent} confirmation links in the last 24 hours, the most a day allows: ` +
          'try again tomorrow, or choose an address you confirmed already',
      );
  }

  private async sendLink(
    user: User,
    subscriptionId: string,
    address: string,
    token: string,
    tokenHash: string,
  ) {
    const { feed } = await this.feeds.subscriptionOfUser(user.id, subscriptionId);
    await this.mail.sendAddressConfirmation({
      dedupKey: `deliver-to:${subscriptionId}:${tokenHash.slice(0, 16)}`,
      to: { userId: user.id, email: address },
      accountEmail: user.email,
      feed: { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl },
      link: `${this.config.PUBLIC_URL}/deliver-to/${token}`,
      validDays: DELIVER_TO_LINK_DAYS,
    });
    // The reader waits for this link: it goes now rather than at the outbox's next round.
    await this.outbox
      .flush()
      .catch((error: Error) => this.logger.warn(`outbox flush failed: ${error.message}`));
  }
}

function refusal(): RefusedLinkError {
  return new RefusedLinkError(
    404,
    `This confirmation link does not work: it was used already, replaced by a newer one, more than ${DELIVER_TO_LINK_DAYS} days old, or cut short.`,
    'Each link works once. If the address still waits for confirmation, set it again on the feed’s page to get a new link.',
    { href: '/feeds', label: 'Your feeds' },
  );
}
