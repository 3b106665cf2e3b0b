// Jest global setup of every tier: one folder for the run, which test/utils/test-config.ts `tempDir`
// makes every test's data folder in and which holds the run's one empty embedded cluster
// (test/utils/embedded-cluster.ts). global-teardown.js removes it, and with it every data folder of the run.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async function globalSetup() {
  // A run started from inside another keeps the outer run's folder, which the outer run removes.
  if (process.env.CASEWISE_TEST_TMP) return;
  process.env.CASEWISE_TEST_TMP = mkdtempSync(join(tmpdir(), 'casewise-test-run-'));
  globalThis.casewiseTestRunMade = process.env.CASEWISE_TEST_TMP;
};
