/**
 * esbuild's options for dist/Code.js, shared by `npm run build` and `npm run size` so the size report
 * measures the very bundle the build writes.
 */
import type { BuildOptions } from 'esbuild';
import { join } from 'node:path';
import { apiBaseUrl, BUNDLE_GLOBAL } from './config';

export function codeBuildOptions(root: string): BuildOptions & { write: false } {
  return {
    entryPoints: [join(root, 'src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
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
    define: { __API_BASE_URL__: JSON.stringify(apiBaseUrl()) },
    logLevel: 'warning',
  };
}
