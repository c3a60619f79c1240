/**
 * Waiting for runs the way Sheets does: the time-driven trigger polls while real time passes, so
 * jobs, which run on the API's real clock, get real time to finish.
 */
import type { ProgressView, RunProgress } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import { windowOpenAt } from './poll-pacer';

export const DEFAULT_POLL_MS = 2000;
export const DEFAULT_MAX_POLLS = 500;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function runOf(progress: ProgressView, runId: string): RunProgress | undefined {
  return progress.runs.find((run) => run.runId === runId);
}

export interface PumpOptions {
  pollMs?: number;
  /** The wait before each poll, from the API's pace (poll-pacer.ts); default: pollMs every time. */
  nextWaitMs?: () => number;
  maxPolls?: number;
  onProgress?: (run: RunProgress) => void;
  /** After every poll's execution (the CLI saves its state when that execution started jobs). */
  afterPoll?: () => void;
  /** Asked before every poll: true stops waiting (Ctrl-C). */
  shouldStop?: () => boolean;
  /**
   * Against an API that counts real time (the CLI): the clock is never moved ahead, so a backoff
   * or Retry-After is waited out for real instead of skipped (a skipped one only earns more 429s).
   */
  realTime?: boolean;
}

/**
 * Lets the time-driven trigger run while `busy` says so: the harness clock jumps to the trigger's
 * next time (minutes or an hour in Apps Script) while only `pollMs` of real time passes. `shown`
 * picks what onProgress is told. Returns the last progress.
 */
export async function pumpWhile(
  addon: Addon,
  busy: (progress: ProgressView) => boolean,
  shown: (progress: ProgressView) => RunProgress | undefined,
  options: PumpOptions = {},
): Promise<ProgressView> {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
  let progress = addon.call<ProgressView>('getProgress');
  const report = () => {
    const run = shown(progress);
    if (run) options.onProgress?.(run);
  };
  report();
  for (let polls = 0; busy(progress) && polls < maxPolls && !options.shouldStop?.(); polls++) {
    await sleep(options.nextWaitMs?.() ?? pollMs);
    // A real trigger runs minutes apart, long enough for any backoff: here the clock moves only to
    // the moment the API asked us to wait for, so results are stamped with the real time otherwise.
    const retryAt = Math.max(
      0,
      ...progress.runs.map((run) => (run.retryAt && run.state === 'running' ? Date.parse(run.retryAt) : 0)),
    );
    // So too to the end of a full rate-limit window, before which the engine sends nothing.
    const resumeAt = Math.max(retryAt && retryAt + 1_000, windowOpenAt(addon));
    if (!options.realTime) addon.advanceClock(Math.max(0, resumeAt - addon.now()));
    // With the background refresh off there is no trigger: poll the way the open sidebar does.
    if (addon.fireTriggers({ all: true }) === 0) progress = addon.call<ProgressView>('pollJobs');
    else progress = addon.call<ProgressView>('getProgress');
    options.afterPoll?.();
    report();
  }
  return progress;
}

/** Polls until the run `runId` ends (or maxPolls); returns its last progress. */
export async function pumpUntilDone(
  addon: Addon,
  runId: string,
  options: PumpOptions = {},
): Promise<RunProgress> {
  const runIn = (progress: ProgressView) => requireRun(progress, runId);
  return runIn(await pumpWhile(addon, (progress) => runIn(progress).state === 'running', runIn, options));
}

function requireRun(progress: ProgressView, runId: string): RunProgress {
  const run = runOf(progress, runId);
  if (!run) throw new Error(`run ${runId} is missing from getProgress()`);
  return run;
}
