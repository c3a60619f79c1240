/**
 * The files a command reads and writes must be different files: `--out` equal to the input would
 * replace the user's data, to the filters file overwrite the filters, to the state file leave no
 * CSV at all. Compared by file identity (device and inode) when the file exists, so `./a.csv`,
 * `a.csv`, a symlink to it and a hard link of it are one file (issue 39: a hard link of the input as
 * --out destroyed the input); by real path when it does not exist yet.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { EnrichRunError } from './run-error';

/**
 * A path the user typed, from the folder they typed it in: `npm run` runs a script from the
 * package's root and says where it was started in INIT_CWD (`cd examples && npm run enrich --
 * contacts.csv`). Run otherwise (node, tsx), the current folder.
 */
export function fromCallerDir(
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const base = env.npm_lifecycle_event && env.INIT_CWD ? env.INIT_CWD : process.cwd();
  return isAbsolute(file) ? resolve(file) : resolve(base, file);
}

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

/** Who a file is: its device and inode when it exists, else its real path. */
function identityOf(file: string): string {
  try {
    const { dev, ino } = statSync(file);
    return `inode ${dev}:${ino}`;
  } catch {
    return realPath(file);
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
    const id = identityOf(file);
    const other = seen.get(id);
    if (other !== undefined)
      throw new EnrichRunError(
        `${what} and ${other} are the same file (${file}): writing one would destroy the other. Give ${what.startsWith('--') ? what : other} another path.`,
      );
    seen.set(id, what);
  }
}

/**
 * A file the command will write: a folder, or a symbolic link to nothing (the write would fail, or
 * land where the link points), is refused with one line before anything is sent.
 */
export function checkWritableFile(what: string, file: string): void {
  let link;
  try {
    link = lstatSync(file);
  } catch {
    return; // not there yet: created by the run
  }
  let target;
  try {
    target = statSync(file);
  } catch {
    throw new EnrichRunError(
      `${what} ${file} is a symbolic link to a file that does not exist: give ${what} a file path.`,
    );
  }
  if (target.isDirectory())
    throw new EnrichRunError(
      `${what} ${file} is a folder: give ${what} a file path, e.g. ${join(file, 'enriched.csv')}.`,
    );
  if (link.isSymbolicLink() && !target.isFile())
    throw new EnrichRunError(`${what} ${file} is not a regular file: give ${what} a file path.`);
}
