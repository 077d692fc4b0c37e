import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { SignInService } from '../accounts/sign-in.service';
import { NotFoundError, ValidationError } from '../common/errors';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { OutboxService } from '../mail/outbox.service';
import { PricedEmail, priceEmail, pricesInWords } from './domain/pricing';
import { checkoutReturnUrls } from './domain/billing-urls';
import { CreditPack } from '../config/credit-packs';
import { findPack } from './domain/credit-packs';
import { GroupCount } from '../db/count-grouped';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { BalanceMismatch, LedgerRepository, Spend, SpendOutcome } from './ledger.repository';
import { PurchasesRepository } from './purchases.repository';
import { StripeClient } from './stripe.client';

export type { Spend, SpendOutcome };

export interface Adjustment {
  userId: string;
  /** Signed. */
  credits: number;
  idempotencyKey: string;
  reason: string;
}

export interface LedgerLine {
  kind: string;
  amount: number;
  reason: string;
  reference: string | null;
  createdAt: string;
}

/** The billing door for other modules and the CLI: balances, grants, spends, the ledger check, buying. */
@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly purchases: PurchasesRepository,
    private readonly stripe: StripeClient,
    private readonly accounts: AccountsService,
    private readonly outbox: OutboxService,
    private readonly signIn: SignInService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** An account made by a sign-in link starts with the free credits (the CLI grants its own). */
  onModuleInit(): void {
    this.signIn.onSignedUp(async (user) => {
      await this.grantStarterCredits(user.id);
    });
  }

  /** The free credits of a new account (STARTER_CREDITS unless told); granted once per user. */
  async grantStarterCredits(userId: string, credits = this.config.STARTER_CREDITS): Promise<boolean> {
    if (!Number.isInteger(credits) || credits < 0) {
      throw new ValidationError(`starter credits must be a whole number of 0 or more (got ${credits})`);
    }
    if (credits === 0) return false;
    const outcome = await this.ledger.record({
      userId,
      kind: 'grant',
      amount: credits,
      idempotencyKey: `starter:${userId}`,
      reason: 'starter credits',
      reference: userId,
    });
    return outcome === 'recorded';
  }

  /** Takes credits if the balance can pay them, atomically; a repeated idempotency key is a no-op. */
  async spend(spend: Spend): Promise<SpendOutcome> {
    if (!Number.isInteger(spend.credits) || spend.credits < 1) {
      throw new ValidationError(`a spend is a whole number of credits above 0 (got ${spend.credits})`);
    }
    return this.ledger.spend(spend);
  }

  /**
   * A correction by support, up or down (the balance may go negative); explained by `reason` and made
   * once per `idempotencyKey`. Held emails go back in the queue when credits are added.
   */
  async adjust(adjustment: Adjustment): Promise<boolean> {
    if (!Number.isInteger(adjustment.credits) || adjustment.credits === 0) {
      throw new ValidationError(
        `an adjustment is a whole number of credits other than 0 (got ${adjustment.credits})`,
      );
    }
    const reason = adjustment.reason.trim().slice(0, 64);
    if (!reason) throw new ValidationError('an adjustment needs a reason');
    const outcome = await this.ledger.record({
      userId: adjustment.userId,
      kind: 'adjustment',
      amount: adjustment.credits,
      idempotencyKey: `adjustment:${adjustment.idempotencyKey}`.slice(0, 191),
      reason,
      reference: null,
    });
    if (outcome === 'recorded' && adjustment.credits > 0) await this.outbox.releaseHeld(adjustment.userId);
    return outcome === 'recorded';
  }

  /** The credits moved by each kind of ledger entry, all users together: `{ kind, count }` (a sum). */
  creditTotalsByKind(): Promise<GroupCount[]> {
    return this.ledger.totalsByKind();
  }

  balanceOf(userId: string): Promise<number> {
    return this.ledger.balanceOf(userId);
  }

  async ledgerOf(userId: string): Promise<LedgerLine[]> {
    return (await this.ledger.entriesOf(userId)).map(toLedgerLine);
  }

  /** The newest `limit` lines of the ledger, newest first, and how many lines there are in all. */
  async recentLedgerOf(userId: string, limit: number): Promise<{ lines: LedgerLine[]; total: number }> {
    const [entries, total] = await this.ledger.latestEntriesOf(userId, limit);
    return { lines: entries.map(toLedgerLine), total };
  }

  /** The credits the webhook granted this user for this Checkout Session, or null while none were. */
  async creditsGrantedBy(userId: string, sessionId: string): Promise<number | null> {
    return (await this.ledger.findEntry(userId, `purchase:${sessionId}`))?.amount ?? null;
  }

  /** The price list in words, from the figures that price every email. */
  pricesInWords(): string {
    return pricesInWords();
  }

  /** What one email costs (`priceEmail`, the one place this is decided). */
  priceEmail(email: PricedEmail): number {
    return priceEmail(email);
  }

  /** Whether credits can be bought here at all (Stripe configured). */
  isCheckoutAvailable(): boolean {
    return Boolean(this.config.STRIPE_SECRET_KEY);
  }

  /** Proves the cached balances: every account whose balance is not the sum of its entries. */
  findBalanceMismatches(): Promise<BalanceMismatch[]> {
    return this.ledger.findMismatches();
  }

  packs(): readonly CreditPack[] {
    return this.config.CREDIT_PACKS;
  }

  /**
   * Opens a Stripe Checkout Session for one pack and returns where to send the buyer. `attemptId`
   * (e.g. the form's nonce) makes a repeated submission return the same session. The session is
   * stored with the pack's credits and price as they are now, before the buyer is sent to pay: the
   * webhook grants only sessions stored so (never what the event says), never the success page.
   */
  async createCheckout(
    userId: string,
    packId: string,
    attemptId: string = newId(),
  ): Promise<{ sessionId: string; url: string }> {
    const pack = findPack(this.config.CREDIT_PACKS, packId);
    if (!pack) {
      const known = this.config.CREDIT_PACKS.map((candidate) => candidate.id).join(', ');
      throw new ValidationError(`unknown credit pack "${String(packId).slice(0, 40)}" (choose ${known})`);
    }
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(attemptId)) throw new ValidationError('malformed checkout attempt id');
    const [user] = await this.accounts.findByIds([userId]);
    if (!user) throw new NotFoundError(`no user ${userId}`);
    const metadata = { userId, pack: pack.id, credits: String(pack.credits) };
    const returnUrls = checkoutReturnUrls(this.config.PUBLIC_URL);
    const session = await this.stripe.createCheckoutSession(
      {
        mode: 'payment',
        client_reference_id: userId,
        customer_email: user.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: this.config.CREDIT_CURRENCY,
              unit_amount: pack.priceCents,
              product_data: { name: `${pack.credits} Tidings credits` },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: returnUrls.success,
        cancel_url: returnUrls.cancel,
      },
      `checkout:${userId}:${pack.id}:${attemptId}`,
    );
    await this.purchases.open({
      userId,
      sessionId: session.id,
      packId: pack.id,
      credits: pack.credits,
      amountCents: pack.priceCents,
      currency: this.config.CREDIT_CURRENCY,
    });
    return { sessionId: session.id, url: session.url };
  }
}

function toLedgerLine(entry: LedgerEntryEntity): LedgerLine {
  return {
    kind: entry.kind,
    amount: entry.amount,
    reason: entry.reason,
    reference: entry.reference,
    createdAt: entry.createdAt.toISOString(),
  };
}
