import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

/** The sign-in links emailed to an address, oldest first, read from the `.eml` files of the file outbox. */
export async function signInLinksTo(outboxDir: string, email: string): Promise<string[]> {
  const links: string[] = [];
  for (const file of readdirSync(outboxDir).sort()) {
    const message = await PostalMime.parse(readFileSync(join(outboxDir, file)));
    if (message.to?.[0]?.address !== email.toLowerCase()) continue;
    const link = /https?:\/\/\S+\/signin\/[A-Za-z0-9_-]+/.exec(message.text ?? '')?.[0];
    if (link) links.push(link);
  }
  return links;
}

/** Waits (bounded) until the outbox holds more than `after` sign-in emails to the address; returns the newest link. */
export async function waitForSignInLink(outboxDir: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const links = await signInLinksTo(outboxDir, email).catch(() => []);
    if (links.length > after) return links[links.length - 1];
    if (Date.now() > deadline) throw new Error(`no sign-in email to ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
