/**
 * Decides, just before an email is sent, whether its user can pay for it. Billing provides the real
 * gate; without billing every email is admitted. `hold` parks the row (status `held`) without losing it;
 * `OutboxService.releaseHeld(userId)` puts a user's held rows back in the queue.
 */
export interface SendGate {
  admit(email: { id: string; userId: string | null; cost: number }): Promise<'send' | 'hold'>;
  /** After the attempt: a charge taken by `admit` is kept when sent and given back when not. */
  settle(
    email: { id: string; userId: string | null; cost: number },
    outcome: 'sent' | 'not-sent',
  ): Promise<void>;
}

export const SEND_GATE = Symbol('SEND_GATE');

export const admitEverything: SendGate = {
  admit: async () => 'send',
  settle: async () => undefined,
};
