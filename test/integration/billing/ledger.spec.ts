import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { LedgerRepository } from '../../../src/billing/ledger.repository';
import { ValidationError } from '../../../src/common/errors';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

describe.each(testDialects())('the credit ledger on %s', (dialect) => {
  let test: TestApp;
  let billing: BillingService;
  let accounts: AccountsService;
  let userCount = 0;

  beforeAll(async () => {
    test = await createTestApp(dialect, { STARTER_CREDITS: '7' });
    billing = test.app.get(BillingService);
    accounts = test.app.get(AccountsService);
  });

  afterAll(() => test.close());

  async function newUser(starterCredits?: number): Promise<string> {
    userCount += 1;
    const user = await accounts.addUser({ email: `reader${userCount}@example.com` });
    await billing.grantStarterCredits(user.id, starterCredits);
    return user.id;
  }

  const spend = (userId: string, idempotencyKey: string, credits = 1) =>
    billing.spend({ userId, credits, idempotencyKey, reason: 'test', reference: null });

  it('grants the starter credits once, STARTER_CREDITS unless told otherwise', async () => {
    const userId = await newUser();
    expect(await billing.balanceOf(userId)).toBe(7);
    expect(await billing.grantStarterCredits(userId)).toBe(false);
    expect(await billing.balanceOf(userId)).toBe(7);
    expect(await billing.ledgerOf(userId)).toEqual([
      expect.objectContaining({ kind: 'grant', amount: 7, reason: 'starter credits', reference: userId }),
    ]);
    const poor = await newUser(0);
    expect(await billing.balanceOf(poor)).toBe(0);
    expect(await billing.ledgerOf(poor)).toEqual([]);
  });

  it('lets exactly 10 of 50 concurrent 1-credit spends through on a balance of 10', async () => {
    const userId = await newUser(10);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => spend(userId, `concurrent:${userId}:${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome === 'spent')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'insufficient')).toHaveLength(40);
    expect(await billing.balanceOf(userId)).toBe(0);
    const entries = await billing.ledgerOf(userId);
    expect(entries.filter((entry) => entry.kind === 'spend')).toHaveLength(10);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
  });

  it('records one entry for the same idempotency key spent twice at once', async () => {
    const userId = await newUser(5);
    const outcomes = await Promise.all([spend(userId, `twice:${userId}`), spend(userId, `twice:${userId}`)]);
    expect(outcomes.sort()).toEqual(['duplicate', 'spent']);
    expect(await billing.balanceOf(userId)).toBe(4);
    expect((await billing.ledgerOf(userId)).filter((entry) => entry.kind === 'spend')).toHaveLength(1);
    expect(await spend(userId, `twice:${userId}`)).toBe('duplicate');
    expect(await billing.balanceOf(userId)).toBe(4);
  });

  it('never overdraws with many users spending many credits at once', async () => {
    const users = await Promise.all([newUser(3), newUser(4), newUser(5)]);
    const outcomes = await Promise.all(
      users.flatMap((userId) =>
        Array.from({ length: 6 }, (_, index) => spend(userId, `many:${userId}:${index}`, 2)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'spent')).toHaveLength(1 + 2 + 2);
    expect(await Promise.all(users.map((userId) => billing.balanceOf(userId)))).toEqual([1, 0, 1]);
  });

  it('spends a batch in one transaction without overdrawing, beside batches and single spends at once', async () => {
    const ledger = test.app.get(LedgerRepository, { strict: false });
    const users = await Promise.all([newUser(3), newUser(4), newUser(0)]);
    const batch = (name: string) =>
      users.flatMap((userId) =>
        Array.from({ length: 3 }, (_, index) => ({
          userId,
          credits: 1,
          idempotencyKey: `${name}:${userId}:${index}`,
          reason: 'test',
          reference: null,
        })),
      );
    const [first, second, ...singles] = await Promise.all([
      ledger.spendAll(batch('batch-a')),
      ledger.spendAll([...batch('batch-b'), batch('batch-a')[0]]),
      ...users.map((userId) => spend(userId, `single:${userId}`)),
    ]);
    const spent = [...first, ...second, ...singles].filter((outcome) => outcome === 'spent');
    expect(spent).toHaveLength(3 + 4);
    expect(await Promise.all(users.map((userId) => billing.balanceOf(userId)))).toEqual([0, 0, 0]);
    const entries = (await Promise.all(users.map((userId) => billing.ledgerOf(userId)))).flat();
    expect(entries.filter((entry) => entry.kind === 'spend')).toHaveLength(spent.length);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    const again = await ledger.spendAll(batch('batch-a'));
    expect(again.filter((outcome) => outcome === 'spent')).toEqual([]);
  });

  it('refuses hostile spends', async () => {
    const userId = await newUser(5);
    for (const credits of [0, -3, 1.5, Number.NaN]) {
      await expect(spend(userId, `hostile:${credits}`, credits)).rejects.toThrow(/whole number/);
    }
    expect(await spend('01UNKNOWNUSER0000000000000', 'ghost')).toBe('insufficient');
    await expect(billing.grantStarterCredits(userId, -1)).rejects.toThrow(/whole number/);
    expect(await billing.balanceOf(userId)).toBe(5);
  });

  it('records a support adjustment once, up or down, below zero if need be', async () => {
    const userId = await newUser(2);
    const adjust = (credits: number, idempotencyKey: string) =>
      billing.adjust({ userId, credits, idempotencyKey, reason: ' goodwill ' });
    expect(await Promise.all([adjust(10, 'ticket-1'), adjust(10, 'ticket-1')])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await adjust(-15, 'ticket-2')).toBe(true);
    expect(await billing.balanceOf(userId)).toBe(-3);
    expect((await billing.ledgerOf(userId)).slice(1)).toEqual([
      expect.objectContaining({ kind: 'adjustment', amount: 10, reason: 'goodwill' }),
      expect.objectContaining({ kind: 'adjustment', amount: -15, reason: 'goodwill' }),
    ]);
    await expect(adjust(0, 'zero')).rejects.toThrow(ValidationError);
    await expect(adjust(1.5, 'half')).rejects.toThrow(ValidationError);
    await expect(billing.adjust({ userId, credits: 1, idempotencyKey: 'k', reason: '  ' })).rejects.toThrow(
      /needs a reason/,
    );
  });

  it('keeps every cached balance equal to the sum of its entries', async () => {
    expect(await billing.findBalanceMismatches()).toEqual([]);
  });
});
