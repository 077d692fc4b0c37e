// Removes the run's temporary folder (global-setup.js) and all the specs made in it, and its MariaDB template.
const { rmSync } = require('node:fs');
const { dropMigratedTemplates } = require('./test-database');

module.exports = async function globalTeardown() {
  await dropMigratedTemplates();
  const directory = process.env.TIDINGS_TEST_TMPDIR;
  if (directory) rmSync(directory, { recursive: true, force: true });
};
