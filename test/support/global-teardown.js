// Removes the run's temporary folder (global-setup.js) and all the specs made in it.
const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  const directory = process.env.TIDINGS_TEST_TMPDIR;
  if (directory) rmSync(directory, { recursive: true, force: true });
};
