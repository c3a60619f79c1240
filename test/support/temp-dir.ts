/**
 * Temporary folders of a test file: made under the system's temporary folder, removed when the file
 * ends, passed or failed (test/support/environment.cjs removes what this file's global lists, after
 * every afterAll, so a hook may still read them). Without it, each run left a few hundred folders in
 * /tmp (7,955 entries after some sessions).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The list environment.cjs reads at the file's end (one per test file: each has its own global). */
export const TEMP_DIRS = Symbol.for('sheet-enrich.test-temp-dirs');

/** A new empty folder named `prefix` and a random tail, removed at the end of this test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const global = globalThis as { [TEMP_DIRS]?: string[] };
  (global[TEMP_DIRS] ??= []).push(dir);
  return dir;
}
