// Removes the run's embedded cluster folder made by global-setup.js.
const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  const folder = process.env.CASEWISE_TEST_CLUSTER_DIR;
  if (folder) rmSync(folder, { recursive: true, force: true });
};
