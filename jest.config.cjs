/**
 * Three projects, as serverless-test-samples keeps unit and integration apart: unit tests (pure
 * functions: no network, no processes), static checks (the repository's files: README and docs,
 * template, workflows, import graph; no database) and integration tests (DynamoDB Local, the
 * local server, PHP compiled to WebAssembly, built bundles). TypeScript and the
 * ESM-only middy packages are compiled to CommonJS by swc for jest's module system.
 */
// One fast-check seed for the whole run, given or drawn here (test/support/fast-check-seed.ts).
process.env.FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

const shared = {
  // jest's Node environment with PHP's unserialize(), loaded once per jest process (see the file).
  testEnvironment: '<rootDir>/test/support/php-environment.ts',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2023' }, module: { type: 'commonjs' } }] },
  // So are middy's packages, dpdm's chalk (ESM only) and php-serialize's ES module files (lib/render/bodies.ts
  // imports one), which jest's module system cannot require.
  transformIgnorePatterns: ['/node_modules/(?!@middy/|dpdm/node_modules/chalk/|chalk/|php-serialize/lib/esm/)'],
  // middy's packages export only an `import` condition, which jest's CommonJS resolver skips.
  moduleNameMapper: { '^@middy/([a-z-]+)$': '<rootDir>/node_modules/@middy/$1/index.js' },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Powertools logs only errors, through the console, and emits no metrics (see the file).
  setupFiles: ['<rootDir>/test/support/quiet-observability.ts', '<rootDir>/test/support/fast-check-seed.ts'],
};

module.exports = {
  // One worker a core: jest's default leaves one core to itself, and the tests spend much of their time waiting.
  maxWorkers: '100%',
  // An integration worker takes 0.55 to 0.6 s to exit on its own (a heap of a gigabyte and more, PHP's
  // WebAssembly thread): past jest's 500 ms, after which it kills the worker and warns of a leak.
  workerGracefulExitTimeout: 5_000,
  // A test's time limit is a guard against a hang, not a rule: none asserts that jest's 5 s suffice.
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.cjs'],
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...shared, displayName: 'static', testMatch: ['<rootDir>/test/static/**/*.test.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      // One DynamoDB Local (in memory) for the whole run; tests use data of their own.
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
