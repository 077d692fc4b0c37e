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

  async admit(email: GatedEmail): Promise<Admission> {
    if (!email.userId || email.cost <= 0) return { kind: 'send' };
    const step = nextReservation(email.id, { keys: await this.ledger.keysReferencing(email.id) });
    if (step.kind === 'already-reserved') return { kind: 'send' };
    const outcome = await this.ledger.spend({
      userId: email.userId,
      credits: email.cost,
      idempotencyKey: step.reservationKey,
      reason: 'email',
      reference: email.id,
    });
    if (outcome !== 'insufficient') return { kind: 'send' };
    const notice = {
      dedupKey: lowBalanceDedupKey(email.userId, await this.ledger.lastTopUpId(email.userId)),
      balance: await this.ledger.balanceOf(email.userId),
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
