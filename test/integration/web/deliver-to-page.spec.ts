import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { DeliverToService } from '../../../src/delivery/deliver-to.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';
import { waitUntil } from '../../support/wait-until';

const LISTS = 'lists@ada.example';

describe.each(testDialects())('the delivery address on the feed page (%s)', (dialect) => {
  let web: WebTestApp;
  let ada: WebClient;

  /** The subjects of the emails the file outbox holds for this address. */
  const subjectsTo = async (address: string) => {
    const subjects: string[] = [];
    for (const file of readdirSync(web.outboxDir)) {
      const message = await PostalMime.parse(readFileSync(join(web.outboxDir, file)));
      if (message.to?.[0]?.address === address) subjects.push(message.subject ?? '');
    }
    return subjects;
  };

  /** The path of the newest confirmation link sent to this address. */
  const linkTo = async (address: string) => {
    const links: string[] = [];
    for (const file of readdirSync(web.outboxDir).sort()) {
      const message = await PostalMime.parse(readFileSync(join(web.outboxDir, file)));
      const link = message.text?.match(/https?:\/\/\S+(\/deliver-to\/[\w-]+)/);
      if (message.to?.[0]?.address === address && link) links.push(link[1]);
    }
    return links.at(-1)!;
  };

  beforeAll(async () => {
    web = await createWebTestApp(dialect);
    ada = web.browser();
    await ada.signIn('ada@example.com');
  });

  afterAll(() => web.close());

  it('asks the address by a link, says it waits, refuses a bad one, and clears back to the account', async () => {
    const user = await web.app.get(AccountsService).getByEmail('ada@example.com');
    const { id } = await web.app.get(FeedsService).subscribe(user.id, 'https://blog.example/feed.xml', {});
    await ada.get(`/feeds/${id}`);
    const bad = await ada.post(`/feeds/${id}/deliver-to`, { deliverTo: 'not an address' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('expected an email address');

    const set = await ada.post(`/feeds/${id}/deliver-to`, { deliverTo: LISTS });
    expect(set.location).toBe(`/feeds/${id}?notice=deliver-to-waiting`);
    const page = await ada.get(set.location!);
    expect(page.html).toContain(`Waiting for confirmation at <strong>${LISTS}</strong>`);
    await waitUntil(async () => (await subjectsTo(LISTS)).length === 1, 'the confirmation email');
    expect(await subjectsTo(LISTS)).toEqual(['Confirm this address for https://blog.example/feed.xml']);

    // Another reader cannot point Ada's subscription anywhere.
    const bob = web.browser();
    await bob.signIn('bob@example.com');
    await bob.get('/feeds');
    expect((await bob.post(`/feeds/${id}/deliver-to`, { deliverTo: 'bob@example.com' })).status).toBe(404);

    const cleared = await ada.post(`/feeds/${id}/deliver-to`, { deliverTo: '' });
    expect(cleared.location).toBe(`/feeds/${id}?notice=deliver-to-account`);
    expect((await ada.get(cleared.location!)).html).toContain(
      'This feed’s emails go to your account address.',
    );
  });

  it('takes a link within a week, and sends at most five links a day', async () => {
    const user = await web.app.get(AccountsService).getByEmail('ada@example.com');
    const feeds = web.app.get(FeedsService);
    const { id } = await feeds.subscribe(user.id, 'https://news.example/feed.xml', {});
    const ask = (address: string) => ada.post(`/feeds/${id}/deliver-to`, { deliverTo: address });
    await ada.get(`/feeds/${id}`);
    expect((await ask('old@ada.example')).location).toBe(`/feeds/${id}?notice=deliver-to-waiting`);
    await waitUntil(async () => (await subjectsTo('old@ada.example')).length === 1, 'the first link');
    const [email] = await subjectsTo('old@ada.example');
    expect(email).toBe('Confirm this address for https://news.example/feed.xml');
    const stale = await linkTo('old@ada.example');

    web.clock.advance(7 * 86_400_000 + 60_000);
    const reader = web.browser();
    const opened = await reader.get(stale);
    expect(opened.status).toBe(404);
    expect(opened.html).toContain('more than 7 days old');
    // Its button cannot confirm either, whoever posts it.
    const token = stale.split('/').at(-1)!;
    await expect(web.app.get(DeliverToService).confirm(token)).rejects.toThrow('more than 7 days old');
    expect((await feeds.subscriptionOfUser(user.id, id)).deliverToConfirmedAt).toBeNull();

    await ada.signIn('ada@example.com');
    await ada.get(`/feeds/${id}`);
    await ask('old@ada.example');
    await waitUntil(async () => (await subjectsTo('old@ada.example')).length === 2, 'a new link');
    const fresh = await linkTo('old@ada.example');
    expect((await reader.get(fresh)).status).toBe(200);
    expect((await reader.post(fresh)).html).toContain('old@ada.example');
    expect((await feeds.subscriptionOfUser(user.id, id)).deliverTo).toBe('old@ada.example');

    // Within the day: that link and four more (for another feed), then a refusal that sends nothing.
    const other = (await feeds.subscribe(user.id, 'https://news.example/other.xml', {})).id;
    await ada.get(`/feeds/${other}`);
    const askOther = (address: string) => ada.post(`/feeds/${other}/deliver-to`, { deliverTo: address });
    for (const n of [1, 2, 3, 4]) {
      expect((await askOther(`box${n}@ada.example`)).location).toBe(
        `/feeds/${other}?notice=deliver-to-waiting`,
      );
      await waitUntil(async () => (await subjectsTo(`box${n}@ada.example`)).length === 1, `link ${n}`);
    }
    const refused = await askOther('box5@ada.example');
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('you asked for 5 confirmation links in the last 24 hours');
    expect(await subjectsTo('box5@ada.example')).toEqual([]);
    expect((await feeds.subscriptionOfUser(user.id, other)).deliverTo).toBe('box4@ada.example');
    // An address confirmed already needs no link.
    expect((await askOther('old@ada.example')).location).toBe(`/feeds/${other}?notice=deliver-to-confirmed`);
  });
});
