import { DeliveryMode } from '../../../src/feeds/domain/delivery-modes';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

/**
 * For each digest cadence, in New York (UTC−5 in these weeks) with digests at 07:00 on Mondays and
 * monthly on the 31st: a period with posts, a period without, a period with posts again.
 */
const PERIODS: Array<{
  mode: DeliveryMode;
  subject: string;
  posts: [string, string];
  dues: [string, string, string];
  keys: [string, string];
}> = [
  {
    mode: 'every-2h',
    subject: 'Your 2-hour digest',
    posts: ['2026-11-22T13:30:00Z', '2026-11-22T17:30:00Z'],
    dues: ['2026-11-22T15:00:00Z', '2026-11-22T17:00:00Z', '2026-11-22T19:00:00Z'],
    keys: ['every-2h:2026-11-22T10', 'every-2h:2026-11-22T14'],
  },
  {
    mode: 'every-4h',
    subject: 'Your 4-hour digest',
    posts: ['2026-11-22T13:30:00Z', '2026-11-22T21:30:00Z'],
    dues: ['2026-11-22T17:00:00Z', '2026-11-22T21:00:00Z', '2026-11-23T01:00:00Z'],
    keys: ['every-4h:2026-11-22T12', 'every-4h:2026-11-22T20'],
  },
  {
    mode: 'every-6h',
    subject: 'Your 6-hour digest',
    posts: ['2026-11-22T13:30:00Z', '2026-11-22T23:30:00Z'],
    dues: ['2026-11-22T17:00:00Z', '2026-11-22T23:00:00Z', '2026-11-23T05:00:00Z'],
    keys: ['every-6h:2026-11-22T12', 'every-6h:2026-11-23T00'],
  },
  {
    mode: 'every-12h',
    subject: 'Your 12-hour digest',
    posts: ['2026-11-22T13:30:00Z', '2026-11-23T05:30:00Z'],
    dues: ['2026-11-22T17:00:00Z', '2026-11-23T05:00:00Z', '2026-11-23T17:00:00Z'],
    keys: ['every-12h:2026-11-22T12', 'every-12h:2026-11-23T12'],
  },
  {
    mode: 'daily',
    subject: 'Your daily digest',
    posts: ['2026-11-21T20:00:00Z', '2026-11-23T13:00:00Z'],
    dues: ['2026-11-22T12:00:00Z', '2026-11-23T12:00:00Z', '2026-11-24T12:00:00Z'],
    keys: ['daily:2026-11-22', 'daily:2026-11-24'],
  },
  {
    mode: 'weekly',
    subject: 'Your weekly digest',
    posts: ['2026-11-20T20:00:00Z', '2026-11-30T13:00:00Z'],
    dues: ['2026-11-23T12:00:00Z', '2026-11-30T12:00:00Z', '2026-12-07T12:00:00Z'],
    keys: ['weekly:2026-11-23', 'weekly:2026-12-07'],
  },
  {
    mode: 'monthly',
    subject: 'Your monthly digest',
    posts: ['2026-10-20T20:00:00Z', '2026-12-01T13:00:00Z'],
    // 31 October at 07:00 EDT; 30 November, the month's last day; 31 December.
    dues: ['2026-10-31T11:00:00Z', '2026-11-30T12:00:00Z', '2026-12-31T12:00:00Z'],
    keys: ['monthly-31:2026-10', 'monthly-31:2026-12'],
  },
];

describe.each(testDialects())('every digest cadence on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    fixture = new DeliveryFixture(test);
  });

  afterAll(() => test.close());

  it.each(PERIODS)(
    '$mode: one email for each period with posts, nothing at all for the empty one',
    async ({ mode, subject, posts, dues, keys }) => {
      const user = await fixture.addUser(`${mode}@example.com`, {
        timezone: 'America/New_York',
        digestHour: 7,
        digestWeekday: 1,
      });
      const feed = await fixture.feed(`The ${mode} feed`, [
        [user, mode === 'monthly' ? { mode, dayOfMonth: 31 } : { mode }],
      ]);
      const publish = async (at: string, title: string) => {
        test.clock.set(at);
        await fixture.publish(feed, [{ title }]);
      };
      const keysAt = (at: string) => fixture.digestKeysAfterSending(user, at);

      await publish(posts[0], 'First period');
      const justBefore = new Date(Date.parse(dues[0]) - 60_000).toISOString();
      expect(await keysAt(justBefore)).toEqual([]);
      expect(await keysAt(dues[0])).toEqual([keys[0]]);
      expect(await keysAt(dues[1])).toEqual([keys[0]]);
      await publish(posts[1], 'Third period');
      expect(await keysAt(dues[2])).toEqual(keys);

      const digests = await fixture.digestsOf(user);
      expect(digests.map((digest) => digest.subject)).toEqual([subject, subject]);
      expect(digests[0].text).toContain('First period');
      expect(digests[1].text).toContain('Third period');
      expect(digests[1].text).not.toContain('First period');
      // The empty period left no trace: no issue recorded, no email, not even an empty one.
      const runs = await fixture.query<{ issue_key: string; status: string }>(
        'SELECT issue_key, status FROM digest_runs WHERE user_id = ? ORDER BY due_at',
        [user.id],
      );
      expect(runs).toEqual(keys.map((key) => ({ issue_key: key, status: 'sent' })));
    },
  );
});
