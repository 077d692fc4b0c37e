import { escapeMarkup } from '../../common/escape-markup';
import { plainPage } from '../../common/plain-page';

/**
 * The pages behind an unsubscribe link. Opening the link (GET, which mail scanners do on their own)
 * only shows a button; the button's POST, like a mail client's RFC 8058 one-click POST, unsubscribes.
 */
export function unsubscribeConfirmPage(actionPath: string): string {
  return plainPage(
    'Unsubscribe?',
    `<p>Stop receiving these emails from Tidings?</p>
    <form method="post" action="${escapeMarkup(actionPath)}">
      <input type="hidden" name="List-Unsubscribe" value="One-Click">
      <button type="submit">Unsubscribe</button>
    </form>`,
  );
}

export function unsubscribeDonePage(): string {
  return plainPage('Unsubscribed', '<p class="notice">You are unsubscribed: these emails will stop.</p>');
}
