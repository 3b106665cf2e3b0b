// Jest global setup of the tiers that start apps: a folder for the run's one empty embedded cluster
// (test/utils/embedded-cluster.ts), which the first test app of the run makes. Removed by global-teardown.js.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async function globalSetup() {
  if (!process.env.CASEWISE_TEST_CLUSTER_DIR) process.env.CASEWISE_TEST_CLUSTER_DIR = mkdtempSync(join(tmpdir(), 'casewise-test-cluster-'));
};
