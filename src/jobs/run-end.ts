/** Ending runs: the final state from their jobs, a toast, and pruning of what is no longer needed. */
import type { ProgressView, RunProgress, RunState } from '../ui/rpc';
import type { AppContext } from './context';
import {
  loadRegistry,
  pruneRegistry,
  saveRecords,
  type JobRecord,
  type Registry,
  type RunRecord,
} from './registry';
import { timestampText } from './row-status';

function finalState(jobs: readonly JobRecord[]): { state: RunState; error?: string } {
  if (jobs.some((job) => job.status === 'CREDITS_INSUFFICIENT')) {
    return {
      state: 'out_of_credits',
      error: 'The workspace ran out of credits: add credits, then run the rest again.',
    };
  }
  if (jobs.some((job) => job.status === 'CANCELED')) {
    return {
      state: 'canceled',
      error: 'The job was canceled in the dashboard: run the rest again if needed.',
    };
  }
  const failed = jobs.filter((job) => !job.status && job.rest);
  if (jobs.length > 0 && failed.length === jobs.length) return { state: 'failed', error: failed[0]!.rest };
  return { state: 'finished' };
}

function summary(run: RunRecord): string {
  const found =
    run.kind === 'reverse'
      ? run.found.profile
      : Math.max(run.found.workEmail, run.found.phone, run.found.personalEmail);
  const what = run.kind === 'reverse' ? 'profiles' : 'contacts';
  const base = `${run.sheetName}: ${found} of ${run.sent} ${what} found, ${run.credits} credits`;
  return run.state === 'finished' ? `${base}.` : `${base}. ${run.error ?? ''}`.trim();
}

/** Marks runs whose jobs are all applied as ended, tells the user, and prunes the registry. */
export function finishRuns(ctx: AppContext, registry: Registry): void {
  const ended: RunRecord[] = [];
  for (const run of registry.runs.values()) {
    if (run.state !== 'running') continue;
    const jobs = registry.jobs.filter((job) => job.run === run.id);
    if (jobs.some((job) => job.state !== 'applied')) continue;
    Object.assign(run, finalState(jobs), { endedAt: ctx.clock.now() });
    ended.push(run);
  }
  if (ended.length === 0) return;
  saveRecords(ctx.documentStore, ended, []);
  for (const run of ended) ctx.notify.toast(summary(run));
  pruneRegistry(ctx.documentStore, registry);
}

/** The earliest moment a backing-off job of the run will be asked again, if every one is waiting. */
function retryAtOf(run: RunRecord, registry: Registry, now: number): number | undefined {
  const waiting = registry.jobs.filter(
    (job) => job.run === run.id && (job.state === 'queued' || job.state === 'pending'),
  );
  if (waiting.length === 0 || waiting.some((job) => !job.nextPollAt || job.nextPollAt <= now))
    return undefined;
  return Math.min(...waiting.map((job) => job.nextPollAt!));
}

function progressOf(run: RunRecord, registry: Registry, now: number): RunProgress {
  const progress: RunProgress = {
    runId: run.id,
    kind: run.kind,
    sheetName: run.sheetName,
    state: run.state,
    jobs: run.jobs,
    sent: run.sent,
    done: run.done,
    found: run.found,
    credits: run.credits,
    startedAt: timestampText(run.startedAt),
    rowsFromLedger: run.fromLedger,
    unmatched: run.unmatched,
  };
  if (run.error) progress.error = run.error;
  const retryAt = run.state === 'running' ? retryAtOf(run, registry, now) : undefined;
  if (retryAt !== undefined) progress.retryAt = timestampText(retryAt);
  return progress;
}

/** Every known run, newest first, and whether any still waits for results. */
export function getProgress(
  ctx: AppContext,
  registry: Registry = loadRegistry(ctx.documentStore),
): ProgressView {
  const runs = [...registry.runs.values()].sort((a, b) => b.startedAt - a.startedAt);
  const now = ctx.clock.now();
  return {
    runs: runs.map((run) => progressOf(run, registry, now)),
    pending: runs.some((run) => run.state === 'running'),
  };
}
