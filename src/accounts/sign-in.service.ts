import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { ConflictError, NotFoundError, RefusedLinkError, TooManyRequestsError } from '../common/errors';
import { newId, sha256Hex } from '../common/ids';
import { parseOrThrow } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RateLimit, RateLimits } from '../redis/rate-limits';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { AccountsService, User } from './accounts.service';
import { clientNetwork } from '../common/client-network';
import { SlidingWindowLimiter } from './domain/sliding-window-limiter';
import { emailSchema, timezoneSchema } from './domain/user-settings';
import { SignInTokensRepository } from './sign-in-tokens.repository';

export const LINK_MINUTES = 30;
const WINDOW_MS = 15 * 60_000;
const ADDRESS_LIMIT = 5;
const IP_LIMIT = 20;

type LinkState = 'valid' | 'used' | 'expired' | 'unknown';

/**
 * Sign-up and sign-in by emailed link. The account is created when a link is confirmed, so a mistyped
 * or hostile address leaves no account behind, and whoever registered with `onSignedUp` (billing: the
 * starter credits) is told. Links are single-use (compare-and-set on used_at) and expire; requests are
 * limited per address and per IP, across every web node when REDIS_URL is set.
 */
@Injectable()
export class SignInService implements OnModuleDestroy {
  private readonly logger = new Logger(SignInService.name);
  private readonly perAddress: RateLimit;
  private readonly perIp: RateLimit;
  private flushing: Promise<unknown> = Promise.resolve();
  private readonly signUpListeners: Array<(user: User) => Promise<void>> = [];

  constructor(
    private readonly tokens: SignInTokensRepository,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
    limits: RateLimits,
  ) {
    this.perAddress = signInLimit(limits, 'address', ADDRESS_LIMIT);
    this.perIp = signInLimit(limits, 'ip', IP_LIMIT);
  }

  /** Emails a sign-in link; the same answer whether or not the account exists. */
  async requestLink(input: { email: unknown; timezone: unknown }, ip: string): Promise<string> {
    const email = parseOrThrow(emailSchema, input.email);
    const timezone = parseOrThrow(timezoneSchema, input.timezone);
    const now = this.clock.now();
    // The address is hashed: a full address is not kept in Redis. IPv6 clients count by their /64.
    if (!(await this.perIp.tryTake(clientNetwork(ip))) || !(await this.perAddress.tryTake(sha256Hex(email))))
      throw new TooManyRequestsError(
        'Too many sign-in links were asked for. Wait a few minutes and try again.',
      );
    await this.tokens.deleteExpiredBefore(new Date(now.getTime() - 86_400_000));
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    await this.tokens.insert({
      id,
      tokenHash: sha256Hex(token),
      email,
      timezone,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
      usedAt: null,
    });
    const user = await this.accounts.getByEmail(email).catch(ignoreNotFound);
    await this.mail.sendSignIn({
      dedupKey: `sign-in:${id}`,
      to: { userId: user?.id ?? null, email },
      link: `${this.config.PUBLIC_URL}/signin/${token}`,
      expiresInMinutes: LINK_MINUTES,
    });
    this.flushing = this.flushing.then(() =>
      this.outbox.flush().catch((error: Error) => this.logger.warn(`outbox flush failed: ${error.message}`)),
    );
    return email;
  }

  /** Checks a link without using it (link scanners only ever GET); throws when it cannot sign in. */
  async assertUsable(token: string): Promise<void> {
    const state = await this.stateOf(token);
    if (state !== 'valid') throw this.refusal(state);
  }

  private async stateOf(token: string): Promise<LinkState> {
    const row = await this.tokens.findByHash(sha256Hex(token));
    if (!row) return 'unknown';
    if (row.usedAt) return 'used';
    return row.expiresAt > this.clock.now() ? 'valid' : 'expired';
  }

  /** Uses the link once and returns its user, creating the account on first sign-in. */
  async consume(token: string): Promise<User> {
    const tokenHash = sha256Hex(token);
    const now = this.clock.now();
    if (!(await this.tokens.use(tokenHash, now))) throw this.refusal(await this.stateOf(token));
    const row = (await this.tokens.findByHash(tokenHash))!;
    const existing = await this.accounts.getByEmail(row.email).catch(ignoreNotFound);
    return existing ?? this.createAccount(row.email, row.timezone);
  }

  /** Told once about each account a link created (not about accounts added otherwise, such as by the CLI). */
  onSignedUp(listener: (user: User) => Promise<void>): void {
    this.signUpListeners.push(listener);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flushing;
  }

  private async createAccount(email: string, timezone: string): Promise<User> {
    try {
      const user = await this.accounts.addUser({ email, timezone });
      for (const listener of this.signUpListeners) await listener(user);
      return user;
    } catch (error) {
      if (error instanceof ConflictError) return this.accounts.getByEmail(email);
      throw error;
    }
  }

  private refusal(state: LinkState): Error {
    const advice = `Ask for a new link: it arrives in a minute and works once, for ${LINK_MINUTES} minutes.`;
    const next = { href: '/signin', label: 'Ask for a new sign-in link' };
    if (state === 'used')
      return new RefusedLinkError(
        410,
        'This sign-in link was used already: each link signs in once.',
        advice,
        next,
      );
    if (state === 'expired')
      return new RefusedLinkError(
        410,
        `This sign-in link has expired: links work for ${LINK_MINUTES} minutes.`,
        advice,
        next,
      );
    return new RefusedLinkError(
      404,
      'This sign-in link is not valid: it was changed or cut short on its way here.',
      `Open it again from the email, copied whole, or ${advice.charAt(0).toLowerCase()}${advice.slice(1)}`,
      next,
    );
  }
}

function signInLimit(limits: RateLimits, per: 'address' | 'ip', points: number): RateLimit {
  const window = new SlidingWindowLimiter({ limit: points, windowMs: WINDOW_MS });
  return limits.create({
    name: `sign-in-${per}`,
    what: 'sign-in limits',
    points,
    windowMs: WINDOW_MS,
    local: (key, now) => window.tryTake(key, now.getTime()),
  });
}

function ignoreNotFound(error: unknown): null {
  if (error instanceof NotFoundError) return null;
  throw error;
}
