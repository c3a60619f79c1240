/**
 * Each jest run's own temporary folder (jest.config.js: globalSetup and globalTeardown). TMPDIR, which
 * os.tmpdir() reads, points into it for jest, its workers and every process they start, so what a
 * test or a command under test leaves behind is found by name when the run ends, and fails it: other
 * runs on the same machine, and their files in /tmp, never count. The folder goes in either case.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** globalSetup and globalTeardown run in jest's main process: what to restore passes through its global. */
const RUN = Symbol.for('sheet-enrich.run-temp');
/**
 * jest's cache (by default in the system's temporary folder), for a jest that a test starts
 * (jest.config.js): it keeps the run's cache rather than making one in the run's folder.
 */
export const JEST_CACHE = 'SHEET_ENRICH_JEST_CACHE';

interface Run {
  dir: string;
  tmpdir: string | undefined;
}

export function useRunTemp(cacheDirectory: string): void {
  process.env[JEST_CACHE] ??= cacheDirectory;
  const dir = mkdtempSync(join(tmpdir(), 'sheet-enrich-jest-'));
  (globalThis as { [RUN]?: Run })[RUN] = { dir, tmpdir: process.env.TMPDIR };
  process.env.TMPDIR = dir;
}

/** What is left in the run's folder (names), after removing it. */
export function endRunTemp(): string[] {
  const run = (globalThis as { [RUN]?: Run })[RUN];
  if (!run) return [];
  if (run.tmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = run.tmpdir;
  const left = readdirSync(run.dir);
  rmSync(run.dir, { recursive: true, force: true });
  return left;
}
