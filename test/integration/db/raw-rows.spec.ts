import { DataSource } from 'typeorm';
import { newId } from '../../../src/common/ids';
import { insertRows, placeholders, selectRows, storedValue } from '../../../src/db/raw-rows';
import { OutboxEmailEntity } from '../../../src/mail/outbox-email.entity';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

describe.each(testDialects())('hand-written SQL helpers on %s', (dialect) => {
  let test: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    dataSource = test.app.get(DataSource);
  });

  afterAll(() => test.close());

  const email = (overrides: Partial<OutboxEmailEntity> = {}): Partial<OutboxEmailEntity> => ({
    id: newId(),
    dedupKey: newId(),
    userId: null,
    kind: 'entry',
    toAddress: 'reader@example.com',
    fromAddress: 'tidings@example.com',
    subject: 'Ünïcödé ✓',
    html: '<p>x</p>',
    text: 'x',
    headers: { 'List-Id': '<a.example>' },
    envelopeFrom: null,
    replyTo: undefined,
    subscriptionIds: ['s1', 's2'],
    claimToken: null,
    messageId: '<m@example>',
    status: 'pending',
    cost: 1,
    attempts: 0,
    nextAttemptAt: new Date('2026-11-22T10:00:00.125Z'),
    leaseUntil: null,
    lastError: null,
    createdAt: new Date('2026-11-22T09:59:00Z'),
    sentAt: null,
    softBounces: 0,
    ...overrides,
  });

  it('inserts rows that read back through a repository exactly as written (dates, JSON, undefined as NULL)', async () => {
    const rows = [email(), email({ cost: 3, subscriptionIds: null })];
    await insertRows(dataSource.manager, OutboxEmailEntity, rows);
    const stored = await dataSource
      .getRepository(OutboxEmailEntity)
      .findBy(rows.map((row) => ({ id: row.id })));
    const first = stored.find((row) => row.id === rows[0].id)!;
    expect(first).toMatchObject({
      subject: 'Ünïcödé ✓',
      headers: { 'List-Id': '<a.example>' },
      subscriptionIds: ['s1', 's2'],
      replyTo: null,
      cost: 1,
    });
    expect(first.nextAttemptAt.getTime()).toBe(rows[0].nextAttemptAt!.getTime());
    expect(stored.find((row) => row.id === rows[1].id)).toMatchObject({ cost: 3, subscriptionIds: null });
  });

  it('selects rows as hydrated entities, with a date parameter in the stored form', async () => {
    const row = email({ kind: 'digest', nextAttemptAt: new Date('2030-01-01T00:00:00Z') });
    await insertRows(dataSource.manager, OutboxEmailEntity, [row]);
    const found = await selectRows(
      dataSource.manager,
      OutboxEmailEntity,
      `SELECT id, next_attempt_at, headers FROM outbox_emails WHERE kind IN (${placeholders(2)}) AND next_attempt_at > ?`,
      [
        'digest',
        'sign-in',
        storedValue(dataSource.manager, OutboxEmailEntity, 'nextAttemptAt', new Date('2029-12-31T23:59:59Z')),
      ],
    );
    expect(found).toEqual([{ id: row.id, nextAttemptAt: row.nextAttemptAt, headers: row.headers }]);
  });

  it('refuses a duplicate key like any insert, and a property the entity lacks', async () => {
    const row = email();
    await insertRows(dataSource.manager, OutboxEmailEntity, [row]);
    await expect(
      insertRows(dataSource.manager, OutboxEmailEntity, [{ ...row, id: newId() }]),
    ).rejects.toThrow(/UNIQUE|Duplicate/i);
    await expect(
      insertRows(dataSource.manager, OutboxEmailEntity, [{ nope: 1 } as Partial<OutboxEmailEntity>]),
    ).rejects.toThrow('OutboxEmailEntity has no column nope');
  });
});
