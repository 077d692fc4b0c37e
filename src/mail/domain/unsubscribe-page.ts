import { escapeMarkup } from '../../common/escape-markup';

/**
 * The pages behind an unsubscribe link. Opening the link (GET, which mail scanners do on their own)
 * only shows a button; the button's POST, like a mail client's RFC 8058 one-click POST, unsubscribes.
 */
export function unsubscribeConfirmPage(actionPath: string): string {
  return page(
    'Unsubscribe?',
    `<p>Stop receiving these emails from Tidings?</p>
<form method="post" action="${escapeMarkup(actionPath)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribeDonePage(): string {
  return page('Unsubscribed', '<p>You are unsubscribed: these emails will stop.</p>');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)} · Tidings</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color-scheme:light dark}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1a5fb4;color:#fff;cursor:pointer}</style>
</head><body><h1>${escapeMarkup(title)}</h1>
${body}
</body></html>
`;
}
