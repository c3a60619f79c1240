/** Jest runs the TypeScript sources through esbuild (scripts/jest-transform.cjs); tsc type-checks separately. */
const { cpus } = require('node:os');

/** What both projects share. */
const project = {
  rootDir: __dirname,
  // jest's node environment on an ordinary global object: globals read several times faster.
  testEnvironment: '<rootDir>/test/support/environment.cjs',
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/scripts/jest-transform.cjs' },
  // After each file: end the UrlFetch worker thread its runtimes shared (the jest worker lives on).
  setupFilesAfterEnv: ['<rootDir>/test/support/each-file.ts'],
  // A jest that a test starts keeps the run's cache, not one in the run's temporary folder (run-temp.ts).
  ...(process.env.SHEET_ENRICH_JEST_CACHE ? { cacheDirectory: process.env.SHEET_ENRICH_JEST_CACHE } : {}),
};

module.exports = {
  // A test's time limit catches a hang, not slowness (benchmarks count what is slow). A CLI or
  // browser test of 3 to 7 s alone took over 30 s in a full run on a 2-core machine that was busy
  // with something else (fresh-clone CI, stops 63 and 64): 60 s keeps such a run green.
  testTimeout: 60000,
  // More files than there are cores: jest's default (cores - 1) is one on 2 cores, where the
  // browser and integration files spend much of their time waiting on their child processes
  // (Chromium, the playground, the emulator) and on jobs that take real time. Measured on 2 cores
  // (docs/testing.md): integration and emulator files 111 s with two workers, 96 s with three;
  // the browser files 98 s and 82 s; each for about 5% more CPU. Two files more than cores, measured
  // as a whole fresh-clone `.ci/run` on a quiet 2-core machine: 255 s and 249 s, against 266 s and
  // 274 s with one more (the CLI, chaos and browser files spend most of their time waiting).
  maxWorkers: cpus().length + 2,
  // A worker's heap grows with every file it runs (each file's modules stay reachable from Node's
  // vm contexts): 1.8 GB by the end of a run, and a process that large can take longer than jest's
  // 500 ms to exit on a busy machine ("a worker process has failed to exit gracefully"). Past this
  // heap after a file, the worker is replaced (docs/testing.md).
  workerIdleMemoryLimit: '800MB',
  // The slowest files first, also on a clean clone without jest's cache of durations.
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
  // The run's own temporary folder: whatever a test leaves in it fails the run (test/support/run-temp.ts).
  globalSetup: '<rootDir>/test/support/run-temp-setup.ts',
  globalTeardown: '<rootDir>/test/support/run-temp-teardown.ts',
  projects: [
    {
      ...project,
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'],
    },
    // The browser files share one Chromium and one playground per worker (test/browser/shared-browser.ts).
    // Jest runs a project's globalSetup only when at least one of its files runs: `npm run test:fast`
    // and a run of other files start no browser.
    {
      ...project,
      roots: ['<rootDir>/test/browser'],
      globalSetup: '<rootDir>/test/browser/global-setup.ts',
      globalTeardown: '<rootDir>/test/browser/global-teardown.ts',
    },
  ],
};
