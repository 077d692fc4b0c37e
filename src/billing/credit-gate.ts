import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { GatedEmail, SendGate } from '../mail/send-gate';
import { billingPageUrl } from './domain/billing-urls';
import {
  lowBalanceDedupKey,
  nextReservation,
  openReservation,
  releaseKeyFor,
} from './domain/email-reservation';
import { priceEmail } from './domain/pricing';
import { LedgerRepository } from './ledger.repository';

/**
 * The outbox's gate (mail's `SendGate`, installed at start): it prices each email once when it is
 * enqueued, and before each send reserves that cost with one conditional debit; a send that fails gives
 * it back with a release entry. When the balance cannot pay, the email is held and the gate, which
 * knows why, sends the user one low-balance email per top-up episode.
 */
@Injectable()
export class CreditGate implements SendGate, OnModuleInit {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountsService,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.outbox.useGate(this);
  }

  price(email: { kind: string; feedCount: number }): number {
    return priceEmail(email);
  }

  async admit(email: GatedEmail): Promise<'send' | 'hold'> {
    if (!email.userId || email.cost <= 0) return 'send';
    const step = nextReservation(email.id, { keys: await this.ledger.keysReferencing(email.id) });
    if (step.kind === 'already-reserved') return 'send';
    const outcome = await this.ledger.spend({
      userId: email.userId,
      credits: email.cost,
      idempotencyKey: step.reservationKey,
      reason: 'email',
      reference: email.id,
    });
    if (outcome !== 'insufficient') return 'send';
    await this.sendLowBalanceNotice(email.userId);
    return 'hold';
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

  private async sendLowBalanceNotice(userId: string): Promise<void> {
    const [user] = await this.accounts.findByIds([userId]);
    if (!user) return;
    await this.mail.sendLowBalance({
      dedupKey: lowBalanceDedupKey(userId, await this.ledger.lastTopUpId(userId)),
      to: { userId, email: user.email },
      balance: await this.ledger.balanceOf(userId),
      buyUrl: billingPageUrl(this.config.PUBLIC_URL),
    });
  }
}
