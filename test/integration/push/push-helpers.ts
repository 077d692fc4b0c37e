import { IncomingMessage } from 'node:http';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { TestApp } from '../../support/test-app';

/** A reader with credits, as sign-up makes one: pushed entries are real-time emails, which cost credits. */
export async function addReader(test: TestApp, email: string): Promise<string> {
  const user = await test.app.get(AccountsService).addUser({ email });
  await test.app.get(BillingService).grantStarterCredits(user.id, 100);
  return user.id;
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** An RSS document whose channel carries extra markup (atom:link, cloud) before its items. */
export function rssWith(
  head: string,
  items: Array<{ title: string; link: string }>,
  siteUrl: string,
): string {
  const entries = items
    .map(
      (item) => `<item><title>${item.title}</title><link>${item.link}</link><guid>${item.link}</guid></item>`,
    )
    .join('');
  return (
    `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>Pushed Blog</title><link>${siteUrl}</link>${head}${entries}</channel></rss>`
  );
}
