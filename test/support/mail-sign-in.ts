import { SmtpCapture } from './smtp-capture';
import { WebClient } from './web-app';

/**
 * A browser signed in to a running server as `email`, the way a reader does it: the sign-in form, the
 * link from the email the server sent (caught by `smtp`), then the confirm button.
 */
export async function signedInByMail(baseUrl: string, smtp: SmtpCapture, email: string): Promise<WebClient> {
  const client = new WebClient(baseUrl, '');
  await client.get('/signin');
  const before = smtp.messages.length;
  expect((await client.post('/signin', { email, timezone: 'Europe/Paris' })).status).toBe(200);
  const [signIn] = (await smtp.waitFor(before + 1)).slice(before);
  const path = new URL(/https?:\/\/\S+\/signin\/\S+/.exec(signIn.parsed.text!)![0]).pathname;
  await client.get(path);
  expect((await client.post(path)).status).toBe(303);
  return client;
}
