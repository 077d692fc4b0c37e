import { LowBalanceEmail } from './email-models';

/** What a user is told when the gate holds their email: the low-balance email, whose address mail knows. */
export type LowBalanceNotice = Omit<LowBalanceEmail, 'to'>;

/** The gate's answer: send, or hold the email and tell its user (once per episode: the notice's dedup key). */
export type Admission = { kind: 'send' } | { kind: 'hold'; notice: LowBalanceNotice };

/** What the gate is shown of an outbox row: its cost was decided when it was enqueued. */
export interface GatedEmail {
  id: string;
  userId: string | null;
  cost: number;
}

/**
 * Prices an email and decides, just before it is sent, whether its user can pay for it. Mail owns this
 * interface and billing implements it, installing its gate at start (`OutboxService.useGate`): billing
 * depends on mail, never the reverse. Without a gate every email is free and admitted. `hold` parks the
 * row (status `held`) without losing it, and mail, which now knows the answer, sends the notice the gate
 * wrote; `OutboxService.releaseHeld(userId)` puts a user's held rows back in the queue.
 */
export interface SendGate {
  /** The email's cost in credits, asked once when it is enqueued and kept on its row. */
  price(email: { kind: string; feedCount: number }): number;
  /** Admits a claimed batch at once (one answer per email, in order): its charges written together. */
  admit(emails: readonly GatedEmail[]): Promise<Admission[]>;
  /** After the attempt: a charge taken by `admit` is kept when sent and given back when not. */
  settle(email: GatedEmail, outcome: 'sent' | 'not-sent'): Promise<void>;
}

export const admitEverything: SendGate = {
  price: () => 0,
  admit: async (emails) => emails.map(() => ({ kind: 'send' })),
  settle: async () => undefined,
};
