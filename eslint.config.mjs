import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Jest loads its config, transform and reporter as CommonJS.
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Apps Script globals belong to the adapters only; everything else receives ports.
    files: ['src/**/*.ts'],
    ignores: ['src/platform/**', 'src/index.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'SpreadsheetApp',
          'UrlFetchApp',
          'PropertiesService',
          'CacheService',
          'LockService',
          'ScriptApp',
          'HtmlService',
          'Utilities',
          'Session',
          'Logger',
        ].map((name) => ({ name, message: 'Use a port from src/platform instead.' })),
      ],
    },
  },
  {
    // `import { z }` keeps every zod locale in the bundle (540 KB instead of 20 KB): esbuild cannot
    // tree-shake members of one object, but it can drop unused exports of a namespace import.
    files: ['src/**/*.ts', 'sidebar/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import from 'zod/mini' (the classic build is hundreds of KB)." }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier",
          message: "Use `import * as z from 'zod/mini'`.",
        },
      ],
    },
  },
  {
    files: ['sidebar/**/*.ts', 'dev/playground/web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
