// The jest settings Stryker runs under (stryker.config.mjs): one flat project with the unit tier's
// transform and paths and the slower tiers' timeout; stryker.config.mjs picks the specs per module.
const { projects } = require('./jest.config.js');
const { displayName: _name, testMatch: _match, ...common } = projects[0];
module.exports = { ...common, setupFilesAfterEnv: ['<rootDir>/test/utils/slow-tests.ts'] };
