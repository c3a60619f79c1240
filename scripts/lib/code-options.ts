/**
 * esbuild's options for dist/Code.js, shared by `npm run build` and `npm run size` so the size report
 * measures the very bundle the build writes.
 */
import type { BuildOptions } from 'esbuild';
import { join } from 'node:path';
import { apiBaseUrl, BUNDLE_GLOBAL } from './config';

/** What Code.js bundles in zod/mini's place (its comment says why). */
export const ZOD_SUBSET = 'src/domain/zod-subset.ts';

/**
 * `exportNames`: what src/index.ts exports (readEntryPoints). The bundle assigns them to one global
 * as an object literal itself: esbuild's `globalName` would add its ESM-to-CommonJS helpers and a getter
 * per export (≈ 600 bytes every execution parses).
 */
export function codeBuildOptions(
  root: string,
  exportNames: readonly string[],
): BuildOptions & { write: false } {
  const names = exportNames.join(', ');
  return {
    stdin: {
      // Not type-checked: the global is declared by the banner, outside the bundle's function.
      contents: `import { ${names} } from './index';\n${BUNDLE_GLOBAL} = { ${names} };\n`,
      resolveDir: join(root, 'src'),
      sourcefile: 'code-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    // Strict mode for the bundle and the stubs (src is strict; stdin gets no tsconfig), and the one
    // top-level variable the stubs call through.
    banner: { js: `"use strict";var ${BUNDLE_GLOBAL};` },
    platform: 'neutral',
    target: 'es2020',
    write: false,
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: 'none',
    // Non-ASCII text (…, ›, ⏳) as itself, not six-byte \uXXXX escapes; Apps Script reads UTF-8.
    charset: 'utf8',
    mainFields: ['module', 'main'],
    // src/ declares its shapes with zod/mini; the bundle parses them with the subset src/ uses.
    alias: { 'zod/mini': join(root, ZOD_SUBSET) },
    define: { __API_BASE_URL__: JSON.stringify(apiBaseUrl()) },
    logLevel: 'warning',
  };
}

/** The names src/index.ts exports, from its entry points. */
export const exportNamesOf = (entries: ReadonlyArray<{ name: string }>): string[] =>
  entries.map((entry) => entry.name);
