// Decides once per run whether the MariaDB specs can run. In CI a missing MariaDB is a failure;
// elsewhere those specs are left out with a loud message. And gives the run one temporary folder that
// every other one the specs make (os.tmpdir(): scratch folders, SQLite files, browser profiles) goes
// in, removed by global-teardown.js when the run ends. And migrates, once, the databases the specs' own
// are copied from (`createTestDatabase(dialect, { migrated: true })`).
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const mysql = require('mysql2/promise');
// TypeScript: Jest compiles what its global setup requires with the projects' transform.
const { makeMigratedTemplates } = require('./test-database');

module.exports = async function globalSetup() {
  // Each project with this setup runs it: the first one makes the folder.
  if (!process.env.TIDINGS_TEST_TMPDIR) {
    process.env.TIDINGS_TEST_TMPDIR = mkdtempSync(join(tmpdir(), 'tidings-run-'));
    process.env.TMPDIR = process.env.TIDINGS_TEST_TMPDIR;
  }
  const url = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
  process.env.TEST_MYSQL_URL = url;
  try {
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 5000 });
    await connection.end();
    process.env.TIDINGS_TEST_MYSQL = 'available';
  } catch (error) {
    if (process.env.CI) {
      throw new Error(`MariaDB is required in CI but ${url} is unreachable: ${error.message}`);
    }
    process.env.TIDINGS_TEST_MYSQL = 'unavailable';
    const line = '!'.repeat(100);
    console.warn(
      `\n${line}\n!! MariaDB at ${url} is unreachable (${error.message}).\n!! The MariaDB half of the integration and end-to-end specs will NOT run.\n!! Start MariaDB or set TEST_MYSQL_URL to run them.\n${line}\n`,
    );
  }
  if (!process.env.TIDINGS_TEST_SQLITE_TEMPLATE) await makeMigratedTemplates(process.env.TIDINGS_TEST_TMPDIR);
};
