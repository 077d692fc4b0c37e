import { Feed } from '../../../src/feeds/feeds.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

describe.each(testDialects())('the same story once per reader on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;
  let readers = 0;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    fixture = new DeliveryFixture(test);
  });

  afterAll(() => test.close());

  const reader = () => fixture.addUser(`story-reader${(readers += 1)}@example.com`);
  const entryEmailsTo = async (email: string) =>
    (await fixture.outbox('entry')).filter((row) => row.to_address === email);

  it('sends one email when eight feeds deliver the same story at the same moment', async () => {
    const user = await reader();
    const feeds: Feed[] = [];
    for (let i = 0; i < 8; i += 1) feeds.push(await fixture.feed(`Aggregator ${i}`, [[user, {}]]));
    const copies = await Promise.all(
      feeds.map((feed, i) =>
        fixture.store(feed, [
          {
            title: `Shared story, told by ${i}`,
            link: `https://origin.example/story?utm_source=agg${i}&ref=${i}`,
          },
        ]),
      ),
    );
    await Promise.all(copies.map((entries, i) => fixture.deliver(feeds[i], entries)));
    expect(await entryEmailsTo(user.email)).toHaveLength(1);
  });

  it('tells another reader too, and the same reader again a week later', async () => {
    const [first, second] = [await reader(), await reader()];
    const blog = await fixture.feed('Blog', [
      [first, {}],
      [second, {}],
    ]);
    const mirror = await fixture.feed('Mirror', [[first, {}]]);
    test.clock.set('2026-11-22T10:00:00Z');
    await fixture.publish(blog, [{ title: 'Weekly story', link: 'https://origin.example/weekly' }]);
    await fixture.publish(mirror, [
      { title: 'Weekly story (mirror)', link: 'https://origin.example/weekly#top' },
    ]);
    expect(await entryEmailsTo(first.email)).toHaveLength(1);
    expect(await entryEmailsTo(second.email)).toHaveLength(1);

    test.clock.set('2026-11-29T10:00:01Z');
    await fixture.publish(mirror, [
      { title: 'Weekly story, again', link: 'https://origin.example/weekly?fbclid=x' },
    ]);
    expect(await entryEmailsTo(first.email)).toHaveLength(2);
  });

  it('matches the same title and text under unrelated links, and never two posts of one feed', async () => {
    const user = await reader();
    const one = await fixture.feed('One', [[user, {}]]);
    const two = await fixture.feed('Two', [[user, {}]]);
    const post = { title: 'Release 2.0', summary: '<p>Everything is <b>new</b>.</p>' };
    await fixture.publish(one, [{ ...post, link: 'https://one.example/r2' }]);
    await fixture.publish(two, [{ ...post, title: 'RELEASE 2.0!', link: 'https://two.example/news/9' }]);
    await fixture.publish(one, [
      { title: 'Home', link: 'https://one.example/' },
      { title: 'Home again', link: 'https://one.example/' },
    ]);
    // Emails enqueued in the same millisecond have no order: compare as a set.
    expect((await entryEmailsTo(user.email)).map((row) => row.subject).sort()).toEqual([
      'Home',
      'Home again',
      'Release 2.0',
    ]);
  });
});
