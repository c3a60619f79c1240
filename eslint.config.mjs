import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The layers of src/, top first: a file may import its own layer and the layers below it. Folders
 * on one line are siblings (they may not import each other). domain/ is the vocabulary at the
 * bottom: it imports nothing outside itself. src/index.ts sits on top and imports app/ only.
 * features/teams (who a user is, who pays, who may act on a run) serves the features above it;
 * the engine asks its rules, and the formulas' and schedule's hooks, through the seams src/app
 * plugs (engine/team.ts, engine/run-sources.ts), never by an import.
 */
const LAYERS = [
  ['app'],
  [
    'features/runs',
    'features/formulas',
    'features/search',
    'features/schedule',
    'features/settings',
    'features/spending',
    'features/undo',
  ],
  ['features/teams'],
  ['rpc'],
  ['engine'],
  ['store'],
  ['sheet'],
  ['api'],
  ['platform'],
  ['domain'],
];

/**
 * `import { z }` keeps every zod locale in a bundle (540 KB): esbuild cannot tree-shake members of one
 * object, but it can drop unused exports of a namespace import. Code.js aliases only zod/mini (to
 * src/domain/zod-subset.ts), so the classic build would come in whole.
 */
const ZOD_CLASSIC = { name: 'zod', message: "Import from 'zod/mini' (the classic build is hundreds of KB)." };

const layerName = (layer) =>
  layer.length > 1 && layer[0].includes('/') ? `${layer[0].split('/')[0]}/*` : layer.join('/');
const LAYER_MESSAGE = `Imports run down the layers only (${LAYERS.map(layerName).join(' → ')}).`;

function restrictedImports(forbiddenFolders, extraPatterns = []) {
  const patterns = forbiddenFolders.length
    ? [{ regex: `^(\\.\\./)+(${forbiddenFolders.join('|')})(/|$)`, message: LAYER_MESSAGE }]
    : [];
  return {
    'no-restricted-imports': ['error', { paths: [ZOD_CLASSIC], patterns: [...patterns, ...extraPatterns] }],
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/artifacts/**', '.cache/**'] },
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
  // Imports run down the layers only (src/index.ts may import any of them). A layer lists the
  // folders above it, which its files may not import; one rule object per layer, because a
  // later `no-restricted-imports` replaces an earlier one for the same files.
  // Folders inside features/ reach each other as '../runs/…', hence their own pattern.
  ...LAYERS.flatMap((layer, index) =>
    layer.map((folder) => {
      const siblings = layer.filter((other) => other !== folder);
      const forbidden = [...LAYERS.slice(0, index).flat(), ...siblings];
      const parent = folder.includes('/') ? folder.split('/')[0] : undefined;
      const nested = forbidden
        .filter((other) => parent && other.startsWith(`${parent}/`))
        .map((other) => other.split('/').pop());
      return {
        files: [`src/${folder}/**/*.ts`],
        rules: restrictedImports(
          forbidden,
          nested.length ? [{ regex: `^\\.\\./(${nested.join('|')})(/|$)`, message: LAYER_MESSAGE }] : [],
        ),
      };
    }),
  ),
  // src/index.ts lists the entry points, which app/ builds; nothing else lives at src/'s root.
  {
    files: ['src/*.ts'],
    rules: restrictedImports(
      [],
      [
        {
          regex: '^\\./(?!app/)',
          message: 'The root of src/ imports app/ only: code lives in a layer folder.',
        },
      ],
    ),
  },
  // The page runs in the browser: it takes the server's shapes as types, and values from domain/ only.
  {
    files: ['sidebar/**/*.ts'],
    rules: restrictedImports(
      [],
      [
        {
          regex: '^(\\.\\./)+src/(?!domain/)',
          allowTypeImports: true,
          message: 'The sidebar imports server code as types only; shared values come from src/domain.',
        },
      ],
    ),
  },
  {
    files: ['src/**/*.ts', 'sidebar/**/*.ts'],
    rules: {
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
  {
    // The emulator plays the vendor and reads the spec on its own: borrowing the add-on's schemas,
    // prices or limits (even a type) would copy a misreading of the spec into both sides of the
    // contract tests. No other `no-restricted-imports` applies to these files, so nothing is replaced.
    files: ['dev/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src(/|$)',
              message: 'The emulator reads the spec on its own: it may not import the add-on (src/).',
            },
          ],
        },
      ],
    },
  },
);
