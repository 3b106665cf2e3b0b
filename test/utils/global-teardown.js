// Removes the run's folder made by global-setup.js: the embedded cluster and every test's data folder.
const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  const folder = globalThis.casewiseTestRunMade;
  if (!folder) return;
  rmSync(folder, { recursive: true, force: true });
  delete process.env.CASEWISE_TEST_TMP;
};
