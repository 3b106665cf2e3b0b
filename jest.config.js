// Test tiers as jest projects: unit (no I/O beyond temp files), integration (real database and
// queue adapters), e2e (the app over HTTP). `npm test` runs all three on the embedded defaults.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022', keepClassNames: true }, module: { type: 'commonjs' } }];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@casewise/legal$': '<rootDir>/libs/legal/src',
    '^@casewise/api-client$': '<rootDir>/libs/api-client/src',
    '^@api/(.*)$': '<rootDir>/apps/api/src/$1',
    '^@test/(.*)$': '<rootDir>/test/$1',
  },
  setupFiles: ['reflect-metadata'],
  // Stryker's sandboxes (npm run test:mutation) hold a copy of the repository.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
};
// One folder per run for every test's data, removed when the run ends; the tiers that start apps also keep the run's
// one empty embedded cluster in it (test/utils/embedded-cluster.ts).
const runFolder = { globalSetup: '<rootDir>/test/utils/global-setup.js', globalTeardown: '<rootDir>/test/utils/global-teardown.js' };
module.exports = {
  // A worker runs its suites one after another; the apps they start (PGlite and its WASM memory above all) are not all
  // given back, so a worker is replaced once it holds more than this after a suite.
  workerIdleMemoryLimit: '1500MB',
  // Two workers by default, one per core of the 2-core machines the suites run on (jest's own default leaves one core
  // idle there). Every suite is parallel-safe: its own data directory, schema, Redis prefix and ports.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
  projects: [
    { ...common, ...runFolder, displayName: 'unit', testMatch: ['<rootDir>/apps/api/src/**/*.spec.ts', '<rootDir>/libs/legal/src/**/*.spec.ts', '<rootDir>/cli/src/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts', '<rootDir>/test/architecture/**/*.spec.ts'] },
    { ...common, ...runFolder, displayName: 'integration', setupFilesAfterEnv: ['<rootDir>/test/utils/slow-tests.ts'], testMatch: ['<rootDir>/test/integration/**/*.spec.ts'] },
    { ...common, ...runFolder, displayName: 'e2e', setupFilesAfterEnv: ['<rootDir>/test/utils/slow-tests.ts'], testMatch: ['<rootDir>/test/e2e/**/*.spec.ts'] },
    // npm run test:reliability: faults against its own PostgreSQL, Redis and processes (test/reliability).
    { ...common, ...runFolder, displayName: 'reliability', testMatch: ['<rootDir>/test/reliability/**/*.spec.ts'] },
    { ...common, ...runFolder, displayName: 'browser', setupFilesAfterEnv: ['<rootDir>/test/utils/slow-tests.ts'], testMatch: ['<rootDir>/test/browser/**/*.spec.ts'] },
  ],
};
