/** Ending runs: the final state from their jobs, a toast, a log row, and pruning of what is no longer needed. */
import { saveRecordsOf, type AppContext, type EndedRun } from './context';
import { appendRunLog, contactsFound } from '../store/run-log';
import { reserveKeyCredits, returnKeyCredits } from '../store/key-limit';
import { maxCreditsPerContact } from './plan-cost';
import {
  pruneRegistry,
  runsWithDamagedJobs,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';
import { markRowsOfDamagedRuns } from './orphaned-rows';
import { runsAwaitingRelist } from './rehome';
import type { RunState } from '../domain/runs';
import { agree, DASHBOARD, formatNumber, plural } from '../domain/words';
import { NOT_TWICE } from '../domain/statuses';
import { START_LOST, unanswered } from './paid-once';

const OUT_OF_CREDITS = 'Out of credits: add credits, then run the rest.';

/** Done with, as far as the run's end is concerned: written, or ambiguous and said so on its rows. */
const jobSettled = (job: JobRecord): boolean =>
  job.state === 'applied' || (job.state === 'ambiguous' && !!job.rowsMarked);

export function finalState(run: RunRecord, jobs: readonly JobRecord[]): { state: RunState; error?: string } {
  // Out of credits only with rows left to run: a run all of whose contacts were answered finished.
  const outOfCredits = !!run.unprocessed && jobs.some((job) => job.status === 'CREDITS_INSUFFICIENT');
  const ambiguous = jobs.filter((job) => job.state === 'ambiguous');
  if (ambiguous.length) {
    // Those a forced fetch answered are written: not among them. A lost start's Retry whose own start
    // was lost too carries the same people in a second job: each counts once (each job, though, may
    // have charged them, which unspentCredits counts).
    const contacts = new Set(ambiguous.flatMap(unanswered)).size;
    // A job whose start answered (it has an id) but whose results never came is not a lost start.
    const what = ambiguous.every((job) => job.id)
      ? 'got no answer from a started job, which may still charge them'
      : START_LOST;
    // Out of credits as well: said first, for a Retry sent before a top-up runs out too, and the run
    // ends "failed" again (chaos seed 3 retried the same lost starts 50 times and never topped up).
    return {
      state: outOfCredits ? 'out_of_credits' : 'failed',
      error:
        `${outOfCredits ? `${OUT_OF_CREDITS} ` : ''}${plural(contacts, 'contact')} (${plural(ambiguous.length, 'job')}) ${what}; ` +
        `they were ${NOT_TWICE}. Retry them, or import the job by the id shown in ${DASHBOARD}.`,
    };
  }
  if (run.canceledByUser) {
    return {
      state: 'canceled',
      error:
        `Canceled: ${plural(run.notSent ?? 0, 'contact')} ${agree(run.notSent ?? 0, 'was', 'were')} not sent (nothing charged for them)` +
        (run.sent ? '; answers of jobs already started were written.' : '.'),
    };
  }
  if (outOfCredits) return { state: 'out_of_credits', error: OUT_OF_CREDITS };
  if (jobs.some((job) => job.status === 'CANCELED')) {
    return {
      state: 'canceled',
      error: 'The job was canceled in the dashboard: run the rest again if needed.',
    };
  }
  // Every job ended without a result (given up on, or its start refused): the first one says why.
  if (jobs.length > 0 && jobs.every((job) => !job.status && job.unansweredStatus))
    return { state: 'failed', error: jobs[0]!.unansweredStatus };
  return { state: 'finished' };
}

/** The toast at a run's end: what was found, what was not processed, what the API charged. */
export function summary(run: RunRecord): string {
  // What was sent, as the card counts it: a reverse lookup sends emails (and finds profiles).
  const what = run.kind === 'reverse' ? 'email' : 'contact';
  const contacts = run.sent + (run.notSent ?? 0);
  const processed = contacts - (run.unprocessed ?? 0);
  // Out of the contacts the card counts ("1 of 10 contacts done · 9 not processed"): one story.
  const found = processed
    ? `${contactsFound(run)} of ${plural(contacts, what)} found`
    : `no ${what} processed`;
  const notProcessed = run.unprocessed
    ? ` (${formatNumber(run.unprocessed)}${processed ? '' : ` of ${formatNumber(contacts)}`} not processed)`
    : '';
  const base = `${run.sheetName}: ${found}${notProcessed}, ${plural(run.credits, 'credit')} charged`;
  return run.error ? `${base}. ${run.error}` : `${base}.`;
}

/** The most a run's jobs whose start's answer was lost may have cost: each of their contacts at its most. */
function lostStartCredits(run: RunRecord, jobs: readonly JobRecord[]): number {
  const perContact = maxCreditsPerContact(run.kind, run.fields);
  return jobs
    .filter((job) => job.state === 'ambiguous')
    .reduce((sum, job) => sum + job.fingerprints.length * perContact, 0);
}

/**
 * What a capped run was allowed but did not spend: its estimate less what the API charged, less the
 * most its lost starts may have cost (until they are imported or given up, they count in full), and
 * less what its earlier ends gave back already (a reopened run ends again). Negative when a reopened
 * run turned out to cost more than its earlier end left counted: the cap takes it back.
 */
export function unspentCredits(run: RunRecord, jobs: readonly JobRecord[]): number {
  if (run.estimatedCredits === undefined) return 0;
  const lost = lostStartCredits(run, jobs) + (run.retriedLost ?? 0);
  return Math.max(0, run.estimatedCredits - run.credits - lost) - (run.released ?? 0);
}

/**
 * A retry of a lost start, confirmed at its price: the capped source that ran it counts the price on
 * top of the lost start, which may have been charged too (both count until the day's reset), on
 * the day of the retry. If the run started on an earlier day, its end gives nothing back to today's
 * count (sinceReset): the retry counts at its price, at most.
 */
export function countRetry(ctx: AppContext, run: RunRecord, price: number): void {
  reserveKeyCredits(ctx, price);
  run.retriedLost = (run.retriedLost ?? 0) + price;
  if (run.estimatedCredits === undefined) return;
  run.estimatedCredits += price;
  // Spent now: on today's count, whatever day the run started (payer.ts EndedRun.at).
  release(ctx, [{ run, unspent: -price, at: ctx.clock.now() }]);
}

/** What runs did not spend goes back to the capped sources that counted it (the context's sources). */
function release(ctx: AppContext, ended: readonly EndedRun[]): void {
  for (const source of ctx.sources) source.release?.(ctx, ended);
  returnKeyCredits(ctx, ended);
}

/**
 * Why a run with a job whose record could not be read (or whose list of contacts could not be
 * written back from its results, rehome.ts) ends "failed", never "finished".
 */
export const DAMAGED_RUN_ERROR =
  'A job of this run could not be read (its stored record was damaged), so its rows were not sent again: it may have been paid. ' +
  `Import it by its id to get its answers (${DASHBOARD} names it after this run; the log tab lists the ids Sheet Enrich still knows).`;

/** Marks runs whose jobs are all applied as ended, tells the user, and prunes the registry. */
export function finishRuns(ctx: AppContext, registry: Registry): void {
  const ended: EndedRun[] = [];
  const damaged = runsWithDamagedJobs(registry);
  // A job that lost its list while it works gets it back from its results (rehome.ts): its run
  // keeps running meanwhile, holding its contacts back, instead of ending "failed".
  const awaiting = runsAwaitingRelist(registry);
  for (const run of registry.runs.values()) {
    if (run.state !== 'running' || awaiting.has(run.id)) continue;
    const jobs = registry.jobs.filter((job) => job.run === run.id);
    if (!jobs.every(jobSettled)) continue;
    const lost = damaged.has(run.id);
    const end = lost ? { state: 'failed' as const, error: DAMAGED_RUN_ERROR } : finalState(run, jobs);
    Object.assign(run, end, { endedAt: ctx.clock.now() });
    const mayHaveCost = lostStartCredits(run, jobs);
    // A run ending again after its lost starts were settled may no longer have cost more.
    if (mayHaveCost > 0) run.mayHaveCost = mayHaveCost;
    else delete run.mayHaveCost;
    // A damaged job's cost is unknown: its run gives nothing back to a cap.
    const unspent = lost ? 0 : unspentCredits(run, jobs);
    // Saved with the run's end (below): given back once, whatever reopens it later.
    if (unspent !== 0) run.released = (run.released ?? 0) + unspent;
    ended.push({ run, unspent });
  }
  if (ended.length === 0) return;
  const runs = ended.map(({ run }) => run);
  // Before the runs are saved as ended: killed in between, a later end updates the same row.
  appendRunLog(ctx, runs, registry);
  saveRecordsOf(ctx, runs, []);
  markRowsOfDamagedRuns(
    ctx,
    registry,
    runs.filter((run) => damaged.has(run.id)),
  );
  release(ctx, ended);
  // A capped source whose run lost a job start stops until the user settles it: it may have been
  // charged, and sending more on top would let it overrun what the user switched on.
  for (const run of runs) {
    if (!run.mayHaveCost) continue;
    const reason = (resume: string) =>
      `a run's job start was lost: it may have been charged up to ${plural(run.mayHaveCost!, 'credit')}. ` +
      `Import the job (its id is in the log tab) or retry it from the Jobs panel, then ${resume}.`;
    for (const source of ctx.sources) source.startLost?.(ctx, run, reason);
  }
  for (const run of runs) ctx.notify.toast(summary(run));
  pruneRegistry(ctx.documentStore, ctx.spreadsheet, registry);
}
