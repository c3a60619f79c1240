/**
 * The files a command reads and writes must be different files: `--out` equal to the input would
 * replace the user's data, to the filters file overwrite the filters, to the state file leave no
 * CSV at all. Compared by their real paths, so `./a.csv`, `a.csv` and a symlink to it are one file.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EnrichRunError } from './run-error';

/** The real path of a file, or of its folder joined with its name when it does not exist yet. */
export function realPath(file: string): string {
  const absolute = resolve(file);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/**
 * Refuses a command whose files collide. `files` maps a description ("--out", "the input CSV") to
 * a path; the first collision is named with both descriptions.
 */
export function checkDistinctFiles(files: Readonly<Record<string, string | undefined>>): void {
  const seen = new Map<string, string>();
  for (const [what, file] of Object.entries(files)) {
    if (file === undefined || file === '') continue;
    const real = realPath(file);
    const other = seen.get(real);
    if (other !== undefined)
      throw new EnrichRunError(
        `${what} and ${other} are the same file (${file}): writing one would destroy the other. Give ${what.startsWith('--') ? what : other} another path.`,
      );
    seen.set(real, what);
  }
}
