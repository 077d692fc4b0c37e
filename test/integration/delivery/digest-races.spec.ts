import { User } from '../../../src/accounts/accounts.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

const READERS = 6;
const POSTS_PER_FEED = 3;

describe.each(testDialects())('racing digest schedulers on %s', (dialect) => {
  let test: TestApp;
  let other: TestApp;
  let fixture: DeliveryFixture;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    other = await createTestApp(dialect, {}, { database: test.database });
    fixture = new DeliveryFixture(test);
  });

  afterAll(async () => {
    await other.close();
    await test.close();
  });

  /** READERS users at `hour` UTC, each on two feeds with POSTS_PER_FEED new posts. */
  async function readersWithPendingPosts(hour: number): Promise<User[]> {
    test.clock.set('2026-11-21T12:00:00Z');
    const readers: User[] = [];
    for (let i = 0; i < READERS; i += 1) {
      const user = await fixture.addUser(`h${hour}-reader${i}@example.com`, { digestHour: hour });
      for (const name of ['Left', 'Right']) {
        const feed = await fixture.feed(`${name} ${hour}/${i}`, [[user, { mode: 'daily' }]]);
        await fixture.publish(
          feed,
          Array.from({ length: POSTS_PER_FEED }, (_, p) => ({ title: `${name} post ${p}` })),
        );
      }
      readers.push(user);
    }
    return readers;
  }

  /** Every reader got exactly one digest with every post, each item counted in exactly one issue. */
  async function expectOneDigestEach(readers: User[]): Promise<void> {
    for (const reader of readers) {
      const digests = await fixture.digestsOf(reader);
      expect(digests).toHaveLength(1);
      for (let p = 0; p < POSTS_PER_FEED; p += 1) {
        expect(digests[0].text).toContain(`Left post ${p}`);
        expect(digests[0].text).toContain(`Right post ${p}`);
      }
    }
    const ids = readers.map((reader) => reader.id);
    const placeholders = ids.map(() => '?').join(',');
    const runs = await fixture.query<{ status: string; entry_count: number | string }>(
      `SELECT status, entry_count FROM digest_runs WHERE user_id IN (${placeholders})`,
      ids,
    );
    expect(runs.map((run) => run.status)).toEqual(Array(READERS).fill('sent'));
    expect(runs.map((run) => Number(run.entry_count))).toEqual(Array(READERS).fill(2 * POSTS_PER_FEED));
    const left = await fixture.query<{ id: string }>(
      `SELECT id FROM pending_digest_items WHERE user_id IN (${placeholders})`,
      ids,
    );
    expect(left).toEqual([]);
  }

  it('sends one digest per reader when ten sendDue calls race in one process', async () => {
    const readers = await readersWithPendingPosts(7);
    const service = test.app.get(DigestService);
    const reports = await Promise.all(
      Array.from({ length: 10 }, () => service.sendDue(new Date('2026-11-22T07:00:00Z'))),
    );
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(READERS);
    await expectOneDigestEach(readers);
  });

  it('sends one digest per reader when two processes on one database race', async () => {
    const readers = await readersWithPendingPosts(8);
    const at = new Date('2026-11-22T08:00:00Z');
    const services = [test.app.get(DigestService), other.app.get(DigestService)];
    const reports = await Promise.all(Array.from({ length: 8 }, (_, i) => services[i % 2].sendDue(at)));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(READERS);
    await expectOneDigestEach(readers);
  });
});
