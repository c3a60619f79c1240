/**
 * One run per state file: two runs on one state would each start jobs for the same rows (charged
 * twice) and the last writer would win. The lock is `<state>.lock`, created exclusively (O_EXCL)
 * with the owner's process id, the time that process started (as the kernel tells it) and a token
 * of its own. A lock is trusted only when a process of that id runs and started at that time: a
 * pid alone is no proof, since a killed run's pid is reused by any later process (issue 39: a lock
 * naming a live process that was no run sent the user to another --state, which bought everything
 * again). A lock no live run holds is stale and taken over.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { EnrichRunError } from './run-error';

export interface StateLock {
  release(): void;
}

interface LockOwner {
  pid: number;
  /** When that process started, as startedAt reads it; absent in locks of older versions. */
  started?: string;
  token?: string;
}

/**
 * When the process of this id started, or undefined when none runs (or it cannot be told): Linux's
 * /proc/<pid>/stat field 22 (ticks since boot), elsewhere `ps -o lstart=`.
 */
export function startedAt(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return undefined;
  }
  try {
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function ownerOf(lockFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    const { pid } = owner;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    return {
      pid,
      ...(typeof owner.started === 'string' ? { started: owner.started } : {}),
      ...(typeof owner.token === 'string' ? { token: owner.token } : {}),
    };
  } catch {
    return undefined; // unreadable or half written: its writer died between create and write
  }
}

/** The lock's owner is a run still going: the same process (its id and start time), not this one. */
function liveRun(owner: LockOwner | undefined): owner is LockOwner {
  return !!owner?.started && owner.pid !== process.pid && startedAt(owner.pid) === owner.started;
}

/** Takes the lock of `stateFile` or refuses with one line naming the run that holds it. */
export function lockState(stateFile: string): StateLock {
  const lockFile = `${stateFile}.lock`;
  const token = randomUUID();
  const started = startedAt(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, started, token, at: Date.now() }));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(lockFile);
      // A second run on this state would start the same rows' jobs again: wait, then the same command.
      if (liveRun(owner) || attempt > 0)
        throw new EnrichRunError(
          `Another run${owner ? ` (process ${owner.pid})` : ''} is using ${stateFile}: wait for it to end, then run the same command again (it collects what that run started; nothing is bought twice).`,
        );
      unlinkSync(lockFile); // stale: no run of it is going on
    }
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    if (ownerOf(lockFile)?.token === token) unlinkSync(lockFile);
  };
  process.on('exit', release);
  return { release };
}
