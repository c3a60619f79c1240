/**
 * When the command line's trigger runs next (issue 32, issue 39): when the engine can do something.
 * The engine learns the API's pace itself (src/api/pace.ts: its rate-limit window, the time a job
 * takes) and keeps it in the user's properties; this reads it after each execution. A full window
 * is waited out to its end (nothing can be sent before it); otherwise the next poll comes when the
 * jobs just started may be answered (the command's first at --poll-ms, and until that time is
 * learnt). Idle executions cost no request (the engine polls no job before its time), only a
 * little CPU.
 */
import { ApiPace } from '../../src/api/pace';
import { storedPace } from '../../src/store/quota-meter';
import type { Addon } from '../../dev/gas/harness';
import type { KeyValueStore } from '../../src/platform/ports';

/** The pace the add-on's last execution left in this runtime (its user's quota meter). */
export const paceOf = (addon: Pick<Addon, 'properties'>): ApiPace =>
  ApiPace.decode(storedPace({ get: (key) => addon.properties.user.getProperty(key) } as KeyValueStore));

/** When the API's window has room again, on the runtime's clock (now when it has). */
export const windowOpenAt = (addon: Pick<Addon, 'properties' | 'now'>): number =>
  paceOf(addon).openAt(addon.now());

export interface PacerOptions {
  /** The wait before the job's time is learnt (the CLI's --poll-ms). */
  initialMs: number;
  minMs?: number;
  maxMs?: number;
}

/**
 * The wait before the next poll of `addon`, from the pace its engine learnt; a command's `first`
 * wait is --poll-ms (a job's time learnt by an earlier command may not be this one's).
 */
export function nextPollWaitMs(
  addon: Pick<Addon, 'properties' | 'now'>,
  options: PacerOptions,
  first = false,
): number {
  const minMs = options.minMs ?? 250;
  const maxMs = Math.max(minMs, options.maxMs ?? 30_000);
  const pace = paceOf(addon);
  const now = addon.now();
  const open = pace.openAt(now);
  // A full window: its end, however long (the API refuses anything sooner).
  if (open > now) return open - now;
  return Math.min(maxMs, Math.max(minMs, (!first && pace.jobMs) || options.initialMs));
}

/** One command's waits between polls: the first is --poll-ms, the others the engine's pace. */
export function pollWaits(addon: Pick<Addon, 'properties' | 'now'>, options: PacerOptions): () => number {
  let first = true;
  return () => {
    const wait = nextPollWaitMs(addon, options, first);
    first = false;
    return wait;
  };
}
