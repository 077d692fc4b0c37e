import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { OutboxService } from '../mail/outbox.service';
import { Admission, GatedEmail, SendGate } from '../mail/send-gate';
import { billingPageUrl } from './domain/billing-urls';
import {
  lowBalanceDedupKey,
  nextReservation,
  openReservation,
  releaseKeyFor,
} from './domain/email-reservation';
import { priceEmail, pricesInWords } from './domain/pricing';
import { LedgerRepository } from './ledger.repository';

/**
 * The outbox's gate (mail's `SendGate`, installed at start): it prices each email once when it is
 * enqueued, and before each send reserves that cost with one conditional debit; a send that fails gives
 * it back with a release entry. When the balance cannot pay, the email is held and the answer carries
 * what to tell its user: the balance, where to buy, and a key that makes it one notice per top-up
 * episode. Mail sends it; billing never calls back into mail while it answers.
 */
@Injectable()
export class CreditGate implements SendGate, OnModuleInit {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly outbox: OutboxService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.outbox.useGate(this);
  }

  price(email: { kind: string; feedCount: number }): number {
    return priceEmail(email);
  }

  /**
   * A batch's reservations in one read of their keys and one transaction of debits (one conditional
   * UPDATE per email, the entries inserted together): a ledger transaction per email was most of the
   * statements of a fan-out.
   */
  async admit(emails: readonly GatedEmail[]): Promise<Admission[]> {
    const paying = emails.filter((email) => email.userId && email.cost > 0);
    const keys = await this.ledger.keysReferencingAll(paying.map((email) => email.id));
    const reserving = paying.flatMap((email) => {
      const step = nextReservation(email.id, { keys: keys.get(email.id) ?? [] });
      return step.kind === 'reserve' ? [{ email, reservationKey: step.reservationKey }] : [];
    });
    const outcomes = await this.ledger.spendAll(
      reserving.map(({ email, reservationKey }) => ({
        userId: email.userId!,
        credits: email.cost,
        idempotencyKey: reservationKey,
        reason: 'email',
        reference: email.id,
      })),
    );
    const unpaid = new Set(
      reserving.filter((_, index) => outcomes[index] === 'insufficient').map(({ email }) => email),
    );
    const admissions: Admission[] = [];
    for (const email of emails)
      admissions.push(unpaid.has(email) ? await this.holdFor(email.userId!) : { kind: 'send' });
    return admissions;
  }

  private async holdFor(userId: string): Promise<Admission> {
    const notice = {
      dedupKey: lowBalanceDedupKey(userId, await this.ledger.lastTopUpId(userId)),
      balance: await this.ledger.balanceOf(userId),
      buyUrl: billingPageUrl(this.config.PUBLIC_URL),
      prices: pricesInWords(),
    };
    return { kind: 'hold', notice };
  }

  async settle(email: GatedEmail, outcome: 'sent' | 'not-sent'): Promise<void> {
    if (outcome === 'sent' || !email.userId || email.cost <= 0) return;
    const open = openReservation(email.id, { keys: await this.ledger.keysReferencing(email.id) });
    if (!open) return;
    await this.ledger.record({
      userId: email.userId,
      kind: 'release',
      amount: email.cost,
      idempotencyKey: releaseKeyFor(open),
      reason: 'email not sent',
      reference: email.id,
    });
  }
}
