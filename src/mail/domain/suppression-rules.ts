/**
 * `all`: the address failed hard (5xx, or a bounce report): no mail goes to it until lifted.
 * `bulk`: its reader complained (a feedback-loop report): subscribed mail stops, while service mail
 * (sign-in links, support answers, notices about their account) still reaches them.
 */
export type SuppressionScope = 'all' | 'bulk';

/** Whether a suppression of this scope (none: undefined) holds this email back. */
export function isWithheld(
  scope: SuppressionScope | undefined,
  email: { subscriptionIds: readonly string[] | null },
): boolean {
  if (scope === 'all') return true;
  return scope === 'bulk' && (email.subscriptionIds?.length ?? 0) > 0;
}
