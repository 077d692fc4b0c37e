/** A link sent to a delivery address works for this many days. */
export const DELIVER_TO_LINK_DAYS = 7;

/** Links a reader may have sent to delivery addresses in a day: nobody can use Tidings to flood an inbox. */
export const DELIVER_TO_LINKS_PER_DAY = 5;

/** The oldest a link may have been sent at and still work, at `now`. */
export function oldestLiveDeliverToLink(now: Date): Date {
  return new Date(now.getTime() - DELIVER_TO_LINK_DAYS * 86_400_000);
}

/** What a subscription says about where its emails go. */
export interface DeliveryAddressFields {
  deliverTo: string | null;
  deliverToConfirmedAt: Date | null;
}

/** Where this subscription's emails go: its own address once confirmed, else the account's. */
export function recipientAddress(accountEmail: string, subscription: DeliveryAddressFields): string {
  return subscription.deliverTo && subscription.deliverToConfirmedAt ? subscription.deliverTo : accountEmail;
}

/** The address shown for a subscription: null (the account's), confirmed, or waiting for its link. */
export function deliveryAddressState(
  subscription: DeliveryAddressFields,
): { address: string; confirmed: boolean } | null {
  if (!subscription.deliverTo) return null;
  return { address: subscription.deliverTo, confirmed: subscription.deliverToConfirmedAt !== null };
}

/** The words for a `deliveryAddressState` in the CLI. */
export function deliveryAddressWords(state: ReturnType<typeof deliveryAddressState>): string {
  if (!state) return 'the account address';
  return state.confirmed ? state.address : `waiting for confirmation at ${state.address}`;
}
