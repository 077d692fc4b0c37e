import { settingsAttributes, settingsFromQuery } from '../../feeds/domain/portable-settings';
import { SubscriptionSettings, subscriptionSettingsSchema } from '../../feeds/domain/subscription-settings';

/**
 * The settings a subscribe link (or the add form's hidden field that carries them on) asks for; null
 * when it asks for none, or for ones that are not valid (the form then starts from the defaults).
 */
export function carriedSettings(query: Readonly<Record<string, unknown>>): SubscriptionSettings | null {
  const read = settingsFromQuery(query);
  if (Object.keys(read).length === 0) return null;
  const parsed = subscriptionSettingsSchema.safeParse(read);
  return parsed.success ? parsed.data : null;
}

/** Those settings as one form field, read back by `carriedSettings` of its parsed query. */
export function carriedSettingsField(settings: SubscriptionSettings | null): string {
  return settings ? new URLSearchParams(settingsAttributes(settings)).toString() : '';
}
