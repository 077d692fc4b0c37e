import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { LessThan, Repository } from 'typeorm';
import { AccountsService, User } from '../../accounts/accounts.service';
import { emailSchema, timezoneSchema } from '../../accounts/domain/user-settings';
import { BillingService } from '../../billing/billing.service';
import { Clock } from '../../common/clock';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../common/errors';
import { newId, sha256Hex } from '../../common/ids';
import { parseOrThrow } from '../../common/zod-errors';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { MailService } from '../../mail/mail.service';
import { OutboxService } from '../../mail/outbox.service';
import { SlidingWindowLimiter } from '../domain/sliding-window-limiter';
import { LinkGoneError } from '../web-errors';
import { SignInTokenEntity } from './sign-in-token.entity';

export const LINK_MINUTES = 30;
const WINDOW_MS = 15 * 60_000;

type LinkState = 'valid' | 'used' | 'expired' | 'unknown';

/**
 * Sign-up and sign-in by emailed link. The account is created when a link is confirmed, so a mistyped
 * or hostile address leaves no account behind. Links are single-use (compare-and-set on used_at) and
 * expire; requests are limited per address and per IP in this process's memory.
 */
@Injectable()
export class SignInService implements OnModuleDestroy {
  private readonly logger = new Logger(SignInService.name);
  private readonly perAddress = new SlidingWindowLimiter({ limit: 5, windowMs: WINDOW_MS });
  private readonly perIp = new SlidingWindowLimiter({ limit: 20, windowMs: WINDOW_MS });
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectRepository(SignInTokenEntity) private readonly tokens: Repository<SignInTokenEntity>,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly billing: BillingService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Emails a sign-in link; the same answer whether or not the account exists. */
  async requestLink(input: { email: unknown; timezone: unknown }, ip: string): Promise<string> {
    const email = parseOrThrow(emailSchema, input.email);
    const timezone = parseOrThrow(timezoneSchema, input.timezone);
    const now = this.clock.now();
    if (!this.perIp.tryTake(ip, now.getTime()) || !this.perAddress.tryTake(email, now.getTime()))
      throw new TooManyRequestsError(
        'Too many sign-in links were asked for. Wait a few minutes and try again.',
      );
    await this.tokens.delete({ expiresAt: LessThan(new Date(now.getTime() - 86_400_000)) });
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
      link: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/signin/${token}`,
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
    const row = await this.tokens.findOneBy({ tokenHash: sha256Hex(token) });
    if (!row) return 'unknown';
    if (row.usedAt) return 'used';
    return row.expiresAt > this.clock.now() ? 'valid' : 'expired';
  }

  /** Uses the link once and returns its user, creating the account on first sign-in. */
  async consume(token: string): Promise<User> {
    const tokenHash = sha256Hex(token);
    const now = this.clock.now();
    const claimed = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: now })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now', { tokenHash, now })
      .execute();
    if (claimed.affected !== 1) throw this.refusal(await this.stateOf(token));
    const row = await this.tokens.findOneByOrFail({ tokenHash });
    const existing = await this.accounts.getByEmail(row.email).catch(ignoreNotFound);
    return existing ?? this.createAccount(row.email, row.timezone);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flushing;
  }

  private async createAccount(email: string, timezone: string): Promise<User> {
    try {
      const user = await this.accounts.addUser({ email, timezone });
      await this.billing.grantStarterCredits(user.id);
      return user;
    } catch (error) {
      if (error instanceof ConflictError) return this.accounts.getByEmail(email);
      throw error;
    }
  }

  private refusal(state: LinkState): Error {
    if (state === 'used') return new LinkGoneError('This sign-in link was used already. Ask for a new one.');
    if (state === 'expired') return new LinkGoneError('This sign-in link has expired. Ask for a new one.');
    return new NotFoundError('This sign-in link is not valid. Ask for a new one.');
  }
}

function ignoreNotFound(error: unknown): null {
  if (error instanceof NotFoundError) return null;
  throw error;
}
