/** Jest runs the TypeScript sources through esbuild (scripts/jest-transform.cjs); tsc type-checks separately. */
const { cpus } = require('node:os');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/scripts/jest-transform.cjs' },
  testTimeout: 30000,
  // At least two files at a time: jest's default (cores - 1) is one on 2 cores, where the browser and
  // integration files mostly wait on their child processes (Chromium, the playground, the emulator)
  // and a second file fills that time. Three starved those children on 2 cores (timeouts).
  maxWorkers: Math.max(2, cpus().length - 1),
  // The slowest files first, also on a clean clone without jest's cache of durations.
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
};
