import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { Transactions } from '../../../src/db/transactions';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

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

  it("takes the write lock as it begins: another process's write waits instead of making it run again", async () => {
    const dataSource = test.app.get(DataSource);
    await dataSource.query('CREATE TABLE lock_probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    await dataSource.query('INSERT INTO lock_probe (id, n) VALUES (1, 0)');
    let attempts = 0;
    let otherWrite: { writing: Promise<void>; done: Promise<void> } | undefined;
    await test.app.get(Transactions).run(async (manager) => {
      attempts += 1;
      await manager.query('SELECT n FROM lock_probe WHERE id = 1');
      if (attempts === 1) {
        otherWrite = writeFromAnotherConnection(test.database.url.slice('sqlite:'.length));
        await otherWrite.writing;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await manager.query('UPDATE lock_probe SET n = n + 10 WHERE id = 1');
    });
    await otherWrite?.done;
    // A deferred transaction read first, lost its snapshot to the other write and ran a second time.
    expect(attempts).toBe(1);
    expect(await dataSource.query('SELECT n FROM lock_probe')).toEqual([{ n: 11 }]);
  });
});

/** One write on its own connection, on a thread of its own: SQLite's busy wait blocks only that thread. */
function writeFromAnotherConnection(file: string): { writing: Promise<void>; done: Promise<void> } {
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const db = new (require(workerData.driver))(workerData.file, { timeout: 10000 });
     parentPort.postMessage('writing');
     db.prepare('UPDATE lock_probe SET n = n + 1 WHERE id = 1').run();
     db.close();`,
    { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } },
  );
  return {
    writing: new Promise((resolve) => worker.once('message', () => resolve())),
    done: new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the writer exited with ${code}`)),
      );
    }),
  };
}

for (const dialect of testDialects().filter((each) => each === 'mysql'))
  describe(`Transactions on ${dialect}`, () => {
    let test: TestApp;
    const query = (sql: string, parameters: unknown[] = []) =>
      test.app.get(DataSource).query(sql, parameters);

    beforeAll(async () => {
      test = await createTestApp(dialect);
      await query('CREATE TABLE deadlock_probe (id INT PRIMARY KEY, n INT NOT NULL)');
      await query('INSERT INTO deadlock_probe (id, n) VALUES (1, 0), (2, 0)');
    });

    afterAll(() => test.close());

    it('runs again the side of a deadlock that InnoDB rolled back, so that both commit', async () => {
      const transactions = test.app.get(Transactions);
      let holding = 0;
      let bothHoldOne!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
      const attempts: number[] = [];
      // Each takes its own row, waits until the other holds its own, then asks for the other's.
      const crossing = (first: number, second: number) =>
        transactions.run(async (manager) => {
          attempts.push(first);
          await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = ?', [first]);
          if (attempts.filter((id) => id === first).length === 1) {
            holding += 1;
            if (holding === 2) bothHoldOne();
            await barrier;
          }
          await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = ?', [second]);
        });

      await Promise.all([crossing(1, 2), crossing(2, 1)]);

      expect(attempts).toHaveLength(3);
      expect(await query('SELECT id, n FROM deadlock_probe ORDER BY id')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    });
  });
