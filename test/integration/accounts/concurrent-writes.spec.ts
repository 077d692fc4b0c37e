import { AccountsService } from '../../../src/accounts/accounts.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

describe.each(testDialects())('concurrent sign-ups and subscriptions on %s', (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(dialect);
  });

  afterAll(() => test.close());

  it('creates every user and subscription when they arrive at once', async () => {
    const accounts = test.app.get(AccountsService);
    const feeds = test.app.get(FeedsService);
    const emails = Array.from({ length: 20 }, (_, i) => `reader${i}@example.com`);
    await Promise.all(
      emails.map(async (email, i) => {
        const user = await accounts.addUser({ email });
        await feeds.subscribe(user.id, `https://feeds.example/${i % 3}.xml`, {});
      }),
    );
    const listed = await feeds.listFeeds();
    expect(listed.map((feed) => feed.subscribers).sort()).toEqual([6, 7, 7]);
    for (const email of emails) await expect(accounts.getByEmail(email)).resolves.toMatchObject({ email });
  });
});
