/**
 * What a CLI run inherits from the one before it (issue 32): runs still running when it was killed
 * or stopped waiting are polled to their end before anything new is planned, lost starts are
 * imported by their job id (`--import-job`), and what the state holds is told in the summary.
 */
import type {
  AmbiguousJobView,
  ImportJobView,
  ProgressView,
  RunProgress,
} from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import type { KeyValueStore } from '../../src/platform/ports';
import { loadRegistrySummary } from '../../src/store/registry';
import { EnrichRunError, messageOf } from './run-error';

/** A job whose start may have reached the API although its answer was lost, and its run. */
export interface LostJob extends AmbiguousJobView {
  runId: string;
}

export function lostJobs(progress: ProgressView): LostJob[] {
  return progress.runs.flatMap((run) =>
    (run.ambiguousJobs ?? []).map((job) => ({ ...job, runId: run.runId })),
  );
}

export const running = (progress: ProgressView): RunProgress[] =>
  progress.runs.filter((run) => run.state === 'running');

/** A job's states before its rows are written: queued, its start on its way, at work, fetched. */
const AT_WORK = new Set(['queued', 'sending', 'pending', 'fetched']);

/**
 * Jobs of these running runs not written yet, from the registry's records (a run's card counts all
 * its jobs: "20 jobs still running" was said of a run with 2 at work, 16 lost starts and 2 written).
 * A running run with none (its end not announced yet) counts one: it is still to collect.
 */
export function jobsAtWork(addon: Addon, runs: readonly RunProgress[]): number {
  const store = { getAll: () => addon.properties.document.getProperties() } as KeyValueStore;
  const { jobs } = loadRegistrySummary(store);
  return runs.reduce(
    (total, run) =>
      total + Math.max(1, jobs.filter((job) => job.run === run.runId && AT_WORK.has(job.state)).length),
    0,
  );
}

/**
 * Imports a job by its id: into the lost start it belongs to (the add-on checks its name and
 * contacts, and refuses another job's), else as a job whose record is gone. No credits: results
 * are read, never bought again.
 */
export function importJobById(addon: Addon, jobId: string): ImportJobView {
  // Starts a kill cut short become lost starts on the first poll: settle them first.
  const progress = addon.call<ProgressView>('pollJobs');
  const refusals: string[] = [];
  for (const lost of lostJobs(progress)) {
    try {
      return addon.call<ImportJobView>('importJob', { jobId, job: { runId: lost.runId, seq: lost.seq } });
    } catch (error) {
      refusals.push(messageOf(error));
    }
  }
  try {
    return addon.call<ImportJobView>('importJob', { jobId });
  } catch (error) {
    throw new EnrichRunError(`--import-job ${jobId}: ${refusals[0] ?? messageOf(error)}`);
  }
}

/** Every run's progress folded into one line's worth, for the status line of a run that resumes. */
export function combined(progress: ProgressView, main?: RunProgress): RunProgress | undefined {
  const runs = progress.runs.filter((run) => run.state === 'running' || run.runId === main?.runId);
  const base = main ?? runs[0];
  if (!base) return undefined;
  const sum = (pick: (run: RunProgress) => number) => runs.reduce((total, run) => total + pick(run), 0);
  // The line says how long the oldest job has been at the API (report.ts waitText): ISO strings sort.
  const since = runs.flatMap((run) => (run.state === 'running' && run.workingSince) || []).sort()[0];
  return {
    ...base,
    ...(since && { workingSince: since }),
    state: runs.some((run) => run.state === 'running') ? 'running' : base.state,
    sent: sum((run) => run.sent),
    done: sum((run) => run.done),
    credits: sum((run) => run.credits),
    found: {
      workEmail: sum((run) => run.found.workEmail),
      personalEmail: sum((run) => run.found.personalEmail),
      phone: sum((run) => run.found.phone),
      profile: sum((run) => run.found.profile),
    },
  };
}

/**
 * Credits the API charged during this command, by kind (the run's source word): every run's figure
 * (but `others`') less what it had before.
 */
export function creditsSince(
  before: ProgressView,
  after: ProgressView,
  others: ReadonlySet<string> = new Set(),
): Record<string, number> {
  const had = new Map(before.runs.map((run) => [run.runId, run.credits]));
  const spending: Record<string, number> = {};
  for (const run of after.runs) {
    const charged = others.has(run.runId) ? 0 : run.credits - (had.get(run.runId) ?? 0);
    if (charged > 0) spending[run.source] = (spending[run.source] ?? 0) + charged;
  }
  return spending;
}

/** The sum of credits by kind. */
export const totalOf = (spending: Record<string, number>): number =>
  Object.values(spending).reduce((sum, credits) => sum + credits, 0);

/** Two tallies by name (credits by kind, rows by status), added. */
export function addCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const sum = { ...a };
  for (const [kind, credits] of Object.entries(b)) sum[kind] = (sum[kind] ?? 0) + credits;
  return sum;
}
