/** The host name polite limits (per-host concurrency, gaps, Retry-After holds) are kept per. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}
