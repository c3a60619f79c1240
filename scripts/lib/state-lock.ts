/**
 * One run per state file: two runs on one state would each start jobs for the same rows (charged
 * twice) and the last writer would win. The lock is `<state>.lock`, created exclusively (O_EXCL)
 * with the owner's process id; a lock whose process is gone (a SIGKILL, a closed terminal) is stale
 * and taken over.
 */
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { EnrichRunError } from './run-error';

export interface StateLock {
  release(): void;
}

/** Whether a process of this id runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // unreadable or half written: its writer died between create and write
  }
}

/** Takes the lock of `stateFile` or refuses with one line naming the process that holds it. */
export function lockState(stateFile: string): StateLock {
  const lockFile = `${stateFile}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, at: Date.now() }));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(lockFile);
      if (owner !== undefined && owner !== process.pid && alive(owner))
        throw new EnrichRunError(
          `Another run (process ${owner}) is using ${stateFile}: wait for it to end, or give this one another --state.`,
        );
      if (attempt > 0)
        throw new EnrichRunError(`Cannot take the lock ${lockFile}: delete it if no run is going on.`);
      unlinkSync(lockFile); // stale: its run is gone
    }
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    if (ownerOf(lockFile) === process.pid) unlinkSync(lockFile);
  };
  process.on('exit', release);
  return { release };
}
