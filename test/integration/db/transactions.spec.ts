import { Transactions } from '../../../src/db/transactions';
import { createTestApp, TestApp } from '../../support/test-app';

describe('Transactions on SQLite', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });

  afterAll(() => test.close());

  it('refuses a transaction started inside another instead of waiting for it forever', async () => {
    const transactions = test.app.get(Transactions);
    await expect(transactions.run(() => transactions.run(async () => 'inner'))).rejects.toThrow(
      'Transactions.run called inside a transaction',
    );
    await expect(transactions.run(async () => 'after')).resolves.toBe('after');
  });

  it('runs transactions started at once one after another', async () => {
    const transactions = test.app.get(Transactions);
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        transactions.run(async () => {
          order.push(`${name}:start`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`${name}:end`);
        }),
      ),
    );
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });
});
