/**
 * The dashboard's Content-Security-Policy: nothing from elsewhere, our stylesheet, and inline scripts
 * only with this response's nonce. A page that shows an email preview (an `<iframe srcdoc sandbox="">`,
 * which inherits this policy) also allows what the email needs: its inline styles and remote images.
 * The sandbox keeps scripts, forms and our origin out of the frame either way. No `form-action`:
 * Chromium applies it to the redirect after a POST, and buying credits redirects to Stripe Checkout.
 */
export function contentSecurityPolicy(
  scriptNonce: string,
  options: { showsEmailPreview?: boolean } = {},
): string {
  const styles = options.showsEmailPreview ? "'self' 'unsafe-inline'" : "'self'";
  const images = options.showsEmailPreview ? "'self' data: https: http:" : "'self' data:";
  return [
    "default-src 'none'",
    `style-src ${styles}`,
    `img-src ${images}`,
    `script-src 'nonce-${scriptNonce}'`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
