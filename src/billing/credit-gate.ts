import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AccountsService } from '../accounts/accounts.service';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { SendGate } from '../mail/send-gate';
import { billingPageUrl } from './domain/billing-urls';
import {
  lowBalanceDedupKey,
  nextReservation,
  openReservation,
  releaseKeyFor,
} from './domain/email-reservation';
import { LedgerRepository } from './ledger.repository';

type GatedEmail = Parameters<SendGate['admit']>[0];

/**
 * The outbox asks this gate before each send. Admitting reserves the email's cost with one conditional
 * debit; a send that fails gives it back with a release entry. When the balance cannot pay, the email
 * is held and the user gets one low-balance email per top-up episode. It reaches the ledger directly, not
 * through BillingService, which needs the outbox: the outbox needs this gate.
 */
@Injectable()
export class CreditGate implements SendGate {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountsService,
    private readonly moduleRef: ModuleRef,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

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
    // Resolved at call time: MailService → OutboxService → this gate would otherwise be a cycle.
    const mail = this.moduleRef.get(MailService, { strict: false });
    await mail.sendLowBalance({
      dedupKey: lowBalanceDedupKey(userId, await this.ledger.lastTopUpId(userId)),
      to: { userId, email: user.email },
      balance: await this.ledger.balanceOf(userId),
      buyUrl: billingPageUrl(this.config.PUBLIC_URL),
    });
  }
}
