// Mutation testing (StrykerJS) of the modules where a bug costs a lawyer most. `npm run test:mutation`
// runs scripts/mutation.mjs, which runs Stryker once per module below (MUTATION_MODULE names it), each
// against only the specs that exercise that module, so a run stays bounded and every module gets a score.
// Ranges like `file:24-29` mutate only the policy functions of a larger file.
export const MODULES = {
  citations: {
    mutate: ['apps/api/src/modules/llm/citation-checker.ts', 'libs/legal/src/citations/page-map.ts', 'libs/legal/src/citations/citation.ts', 'libs/legal/src/citations/quote-location.ts'],
    tests: ['apps/api/src/modules/llm/citation-checker.spec.ts', 'apps/api/src/modules/llm/report-assembly.spec.ts', 'libs/legal/src/citations/*.spec.ts'],
  },
  chunking: {
    mutate: ['libs/legal/src/chunking/chunker.ts'],
    tests: ['libs/legal/src/chunking/*.spec.ts'],
  },
  clauses: {
    // rules.ts is data (patterns and weights per category); bench:clauses and test:quality guard it.
    mutate: ['libs/legal/src/clauses/detect-clauses.ts', 'libs/legal/src/clauses/score.ts'],
    tests: ['libs/legal/src/clauses/*.spec.ts'],
  },
  access: {
    // Where ownership is decided: the project lookup and every document route's use of it. The access matrix
    // calls each route as its owner, another user and four kinds of bad token.
    mutate: [
      'apps/api/src/modules/projects/projects.service.ts:24-29',
      'apps/api/src/modules/projects/project.repository.ts:23-25',
      'apps/api/src/modules/projects/project.repository.ts:31-31',
      'apps/api/src/modules/documents/documents.service.ts:47-48',
      'apps/api/src/modules/documents/documents.service.ts:87-99',
      'apps/api/src/modules/documents/documents.service.ts:110-113',
      'apps/api/src/modules/documents/document.repository.ts:16-26',
    ],
    tests: ['test/e2e/access-matrix.spec.ts', 'test/e2e/document-lookups.spec.ts'],
    e2e: true,
  },
  auth: {
    // One-time codes (issue, check, consume), the token's resolution to a user and revocation. Sign-up and
    // sign-in limits are not mutated here; the password policy is its own module.
    mutate: [
      'apps/api/src/modules/auth/auth.service.ts:175-206',
      'apps/api/src/modules/auth/auth.service.ts:227-229',
      'apps/api/src/modules/auth/session.repository.ts',
    ],
    // accounts.spec.ts and auth-security.spec.ts cover these too, but each mutant would then take minutes.
    tests: ['test/e2e/sessions-and-codes.spec.ts'],
    e2e: true,
  },
  passwords: {
    mutate: ['apps/api/src/modules/auth/password-policy.ts'],
    tests: ['apps/api/src/modules/auth/password-policy.spec.ts'],
  },
};

const name = process.env.MUTATION_MODULE;
if (name !== undefined && !(name in MODULES)) throw new Error(`MUTATION_MODULE must be one of ${Object.keys(MODULES).join(', ')}`);
const selected = name === undefined ? Object.values(MODULES) : [MODULES[name]];
const label = name ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.mutation.config.js',
    config: { testMatch: selected.flatMap((m) => m.tests).map((pattern) => `<rootDir>/${pattern}`) },
    enableFindRelatedTests: false,
  },
  mutate: selected.flatMap((m) => m.mutate),
  coverageAnalysis: 'perTest',
  // Two cores, shared: one test process at a time.
  concurrency: 1,
  // The e2e specs boot the app and hash passwords: a loaded machine needs headroom before calling a mutant a timeout.
  timeoutMS: selected.some((m) => m.e2e) ? 30_000 : 5_000,
  // Code the e2e specs run in beforeAll hooks (signing up, creating a project) counts as "static": Stryker would
  // rerun every test of the module for each such mutant (minutes each). Mutants covered by a test as well run
  // only their covering tests; mutants reached from hooks alone are reported as Ignored.
  ignoreStatic: selected.some((m) => m.e2e),
  timeoutFactor: 2,
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${label}.html` },
  jsonReporter: { fileName: `reports/mutation/${label}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // Not committed: the report holds this machine's paths and stack traces. The first --incremental run writes it.
  incrementalFile: `reports/mutation/${label}-incremental.json`,
  tempDirName: '.stryker-tmp',
  // Not needed by any spec run here; copying them into the sandbox only costs time.
  ignorePatterns: ['/apps/web', '/docs', '/bench', '/data', '/dist', '/coverage', '/test-output', '/test/browser', '/docker'],
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
