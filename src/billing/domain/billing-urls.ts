const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The dashboard page where credits are bought (linked from the low-balance email). */
export function billingPageUrl(publicUrl: string): string {
  return `${base(publicUrl)}/credits`;
}

/** Where Stripe Checkout sends the buyer back: pages that show the real state of the purchase. */
export function checkoutReturnUrls(publicUrl: string): { success: string; cancel: string } {
  return {
    success: `${base(publicUrl)}/credits/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${base(publicUrl)}/credits/cancel`,
  };
}
