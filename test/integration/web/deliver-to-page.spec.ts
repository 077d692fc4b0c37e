import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { AccountsService } from '../../../src/accounts/accounts.service';
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
});
