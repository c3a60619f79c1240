/** Jest runs the TypeScript sources through swc (fast, no type-check: `npm run typecheck` does that). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(zod)/)'],
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
};
