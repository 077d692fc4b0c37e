/** The dashboard page where credits are bought; Checkout returns there too. */
export function billingPageUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/billing`;
}
