/** rssCloud registrations lapse after 25 hours; we register again a little before. */
export const CLOUD_REREGISTER_MS = 23 * 60 * 60_000;
export const CLOUD_LEASE_MS = 25 * 60 * 60_000;

/** The http-post registration (rssCloud `pleaseNotify`) asking to be told at `callbackUrl` about `feedUrl`. */
export function cloudRegistrationForm(callbackUrl: string, feedUrl: string): Record<string, string> {
  const callback = new URL(callbackUrl);
  return {
    notifyProcedure: '',
    port: callback.port || (callback.protocol === 'https:' ? '443' : '80'),
    path: callback.pathname,
    protocol: 'http-post',
    domain: callback.hostname,
    url1: feedUrl,
  };
}

/** A server's answer counts as accepted unless it says `success="false"`. */
export function isCloudAccepted(status: number, body: string): boolean {
  return status >= 200 && status < 300 && !/success\s*=\s*["']false["']/i.test(body);
}
