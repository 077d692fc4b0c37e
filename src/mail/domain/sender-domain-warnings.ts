/** What a production start checks about how our mail will look to receiving providers. */
export interface SenderSettings {
  mailFrom: string;
  publicUrl: string;
  hasDkimKey: boolean;
}

/**
 * One line per problem that makes providers junk or refuse our mail, or hide its unsubscribe button;
 * none of them stops the service, as a test install may knowingly run without.
 */
export function senderDomainWarnings(settings: SenderSettings): string[] {
  const domain = settings.mailFrom.split('@').pop()!.replace(/>\s*$/, '').toLowerCase();
  const warnings: string[] = [];
  if (!domain.includes('.') || domain === 'localhost' || domain.endsWith('.localhost'))
    warnings.push(
      `MAIL_FROM's domain "${domain}" is not a public domain: bounces, replies and complaints cannot reach Tidings`,
    );
  if (!settings.hasDkimKey)
    warnings.push(
      `no DKIM key for MAIL_FROM's domain "${domain}" (DKIM_PRIVATE_KEY): Gmail and Yahoo junk or refuse unsigned bulk mail`,
    );
  if (!/^https:\/\//i.test(settings.publicUrl))
    warnings.push(
      'PUBLIC_URL is not https: mail providers offer one-click unsubscribe (RFC 8058) only for https links',
    );
  return warnings;
}
