import { DataSource } from 'typeorm';
import { newId, sha256Hex } from '../../../src/common/ids';
import { bulkUpdate } from '../../../src/db/bulk-update';
import { FeedEntity } from '../../../src/feeds/feed.entity';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

describe.each(testDialects())('bulkUpdate on %s', (dialect) => {
  let test: TestApp;
  let dataSource: DataSource;
  const created = new Date('2026-11-01T00:00:00Z');

  beforeAll(async () => {
    test = await createTestApp(dialect);
    dataSource = test.app.get(DataSource);
  });

  afterAll(() => test.close());

  async function insertFeeds(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, newId);
    await dataSource.getRepository(FeedEntity).insert(
      ids.map((id, index) => ({
        id,
        url: `https://feeds.example/${id}`,
        urlHash: sha256Hex(id),
        status: 'active',
        title: `Feed ${index}`,
        nextPollAt: created,
        errorCount: 0,
        createdAt: created,
        updatedAt: created,
      })),
    );
    return ids;
  }

  const stored = async (ids: string[]) => {
    const rows = await dataSource.getRepository(FeedEntity).findBy(ids.map((id) => ({ id })));
    return new Map(rows.map((row) => [row.id, row]));
  };

  it('writes shared and per-row values, dates and nulls included, across statement chunks', async () => {
    const ids = await insertFeeds(250);
    const polled = new Date('2026-11-22T10:00:00.123Z');
    await dataSource.transaction((manager) =>
      bulkUpdate(
        manager,
        FeedEntity,
        ids.map((id, index) => ({
          id,
          values: {
            lastPolledAt: polled,
            nextPollAt: new Date(polled.getTime() + index * 60_000),
            errorCount: index % 3,
            title: index % 2 ? null : `Renamed ${index}`,
          },
        })),
      ),
    );
    const rows = await stored(ids);
    ids.forEach((id, index) => {
      const row = rows.get(id)!;
      expect(row.lastPolledAt?.getTime()).toBe(polled.getTime());
      expect(row.nextPollAt.getTime()).toBe(polled.getTime() + index * 60_000);
      expect(row.errorCount).toBe(index % 3);
      expect(row.title).toBe(index % 2 ? null : `Renamed ${index}`);
      expect(row.url).toBe(`https://feeds.example/${id}`);
    });
  });

  it('updates rows changing different columns separately, leaves the others alone, merges repeats', async () => {
    const [first, second, untouched] = await insertFeeds(3);
    await dataSource.transaction((manager) =>
      bulkUpdate(manager, FeedEntity, [
        { id: first, values: { title: 'First', lastError: undefined } },
        { id: second, values: { errorCount: 4, lastError: 'HTTP 500' } },
        { id: first, values: { errorCount: 1 } },
      ]),
    );
    const rows = await stored([first, second, untouched]);
    expect(rows.get(first)).toMatchObject({ title: 'First', errorCount: 1, lastError: null });
    expect(rows.get(second)).toMatchObject({ title: 'Feed 1', errorCount: 4, lastError: 'HTTP 500' });
    expect(rows.get(untouched)).toMatchObject({ title: 'Feed 2', errorCount: 0 });
  });

  it('names a property the entity does not have', async () => {
    const [id] = await insertFeeds(1);
    await expect(
      dataSource.transaction((manager) =>
        bulkUpdate(manager, FeedEntity, [{ id, values: { nope: 1 } as Partial<FeedEntity> }]),
      ),
    ).rejects.toThrow('FeedEntity has no column nope');
  });
});
