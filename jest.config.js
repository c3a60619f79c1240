/** Jest runs the TypeScript sources through esbuild (scripts/jest-transform.cjs); tsc type-checks separately. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/scripts/jest-transform.cjs' },
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
};
