/**
 * Polling: the sidebar's pollJobs() and the time-driven trigger both land here.
 *
 * Crash safety. An execution can be killed at any line (the 6-minute limit, a quota, a closed
 * sidebar). Every step therefore stores its work before recording that it happened:
 *   1. answers of a poll go to the ledger first (one append);
 *   2. then the jobs are marked "fetched" (one registry write, with the credits they cost);
 *   3. then the rows are written (one block write per sheet and kind);
 *   4. then the jobs are marked "applied" (one registry write, with the found/done counts).
 * Killed before 2: the job is still pending, is polled again, and its identical answers are not
 * appended twice. Killed between 2 and 4: the next execution applies the fetched jobs from the
 * ledger without asking the API; rows already written have a final Status and are left alone,
 * and counts are saved only with step 4, so nothing is lost and nothing is counted or written twice.
 */
import type { ApiError } from '../api/errors';
import { DAILY_FETCH_QUOTA_CODE, isKeyProblem } from '../api/failures';
import type { PollOutcome } from '../api/port';
import { actorOf, jobAccess, ownsRun, workspaceForSharing, type JobAccess } from './team';
import {
  runOf,
  ledgerOf,
  saveRecordsOf,
  registryOf,
  type AppContext,
  sourceOf,
  type SendableContact,
} from './context';
import { applyFetchedJobs } from './apply';
import { closeForced, jobCharge, recordResult, type ForcedFetch, type ForceReason } from './job-results';
import { recordSpending } from '../store/spending';
import { SheetTables } from './sheet-tables';
import { settleInterruptedStarts, startQueuedJobs } from './job-starter';
import { answeredLostStarts, closeUnbought } from './paid-once';
import { pollErrorVerdict } from './collection';
import { Ledger } from '../store/ledger';
import { type LedgerEntry } from '../store/ledger-entry';
import { apiOrWait, waitForKey } from './key-wait';
import { finishRuns } from './run-end';
import { collectUnreadJobs } from './rehome';
import { clearPollFailure, notePollFailure } from './poll-problem';
import { currentColumns } from './run-columns';
import { REST_STATUS } from './row-status';
import { syncPollTrigger } from './poll-trigger';
import { moveJob, type JobRecord, type Registry, type RunRecord } from '../store/registry';
import { STATUS } from '../domain/statuses';
import {
  backoffMs,
  hasTime,
  JOB_GIVE_UP_MS,
  POLL_BATCH_SIZE,
  POLL_LOCK_WAIT_MS,
  retryWaitMs,
} from './timing';

interface PollOptions {
  /** Poll jobs that are backing off too ("Refresh results now"). */
  force?: boolean;
  /**
   * The user stops waiting (the CLI's --force-results): this key's jobs started by then that are
   * not ready are fetched with forceResults, and what they found so far is stored and written. They
   * stay pending: forceResults does not stop a job, which goes on (and charges) at the API, so the
   * next poll collects the rest. Jobs started later are polled as usual.
   */
  stopWaiting?: { startedBefore: number };
}

/** One poll of everything pending. Returns false when another poller holds the lock. */
export function pollOnce(ctx: AppContext, options: PollOptions = {}): boolean {
  if (!ctx.lock.tryLock(POLL_LOCK_WAIT_MS)) return false;
  try {
    for (const source of ctx.sources) source.beforePoll?.(ctx);
    const registry = registryOf(ctx);
    for (const { key, reason } of registry.unreadable)
      ctx.log.warn(`Kept unreadable record ${key}: ${reason}.`);
    const ledger = ledgerOf(ctx);
    // Each sheet is read and fingerprinted once for the whole execution.
    const tables = new SheetTables(ctx.spreadsheet);
    settleInterruptedStarts(ctx, registry);
    collectUnreadJobs(ctx, registry);
    applyFetchedJobs(ctx, registry, ledger, tables);
    // The polls due are chosen before any start, so a job started in this execution is not polled
    // in it: a second old, it is never ready (and a user who stops waiting never closes a job that
    // had no chance to work). They keep their room in the API's window, queued jobs start in what
    // is left, and again after the poll, into the room its answers freed under the API's
    // concurrency limit.
    const due = duePolls(ctx, registry, options);
    startQueuedRuns(ctx, registry, tables, due.jobs.length);
    pollPendingJobs(ctx, registry, ledger, tables, options, due);
    startQueuedRuns(ctx, registry, tables);
    finishRuns(ctx, registry);
    for (const source of ctx.sources) if (hasTime(ctx)) source.afterPoll?.(ctx, registry, ledger);
    syncPollTrigger(ctx, registry);
    clearPollFailure(ctx);
    return true;
  } catch (error) {
    // Said where the user looks, then thrown on (the execution log keeps it too).
    notePollFailure(ctx, error);
    throw error;
  } finally {
    ctx.lock.release();
  }
}

const isActive = (registry: Registry, job: JobRecord) => runOf(registry, job)?.state === 'running';

/** Sends jobs that a start cut short (or a rate limit deferred); inputs are read again by fingerprint. */
function startQueuedRuns(
  ctx: AppContext,
  registry: Registry,
  tables: SheetTables,
  /** Requests of the API's window kept for the polls due. */
  reserve = 0,
): void {
  const actor = actorOf(ctx);
  const runs = new Set(
    registry.jobs
      .filter((job) => job.state === 'queued' && isActive(registry, job))
      .map((job) => runOf(registry, job)!)
      .filter((run) => ownsRun(actor, run)),
  );
  for (const run of runs) {
    // A full window sends nothing: the sheet is not even read.
    if (!hasTime(ctx) || ctx.pace().room(ctx.clock.now()) <= reserve) return;
    if (!startQueuedJobs(ctx, registry, run, sendableContacts(ctx, tables, run), reserve)) return;
  }
}

/** What a run's jobs can send now, by fingerprint: its source's (formulas), then its sheet's rows. */
export function sendableContacts(
  ctx: AppContext,
  tables: SheetTables,
  run: RunRecord,
): Map<string, SendableContact> {
  const table = tables.table(run.sheetId);
  const contacts = sourceOf(ctx, run.source)?.contacts?.(ctx) ?? new Map<string, SendableContact>();
  if (table) {
    // Columns found again by their headers; a run whose columns are gone sends nothing more.
    const { mapping, missing } = currentColumns(run, table);
    if (missing.length === 0)
      for (const [fp, [row]] of tables.rows(table, run.kind, mapping))
        contacts.set(fp, { input: tables.input(table, run.kind, mapping, row!, fp), row: row! });
  }
  return contacts;
}

/** The pending jobs this user may poll now, and how (team.ts). */
interface DuePolls {
  jobs: JobRecord[];
  access: Map<JobRecord, JobAccess>;
}

/**
 * Pending jobs due: a backing-off one once its wait is over, any other once a job has had the time
 * jobs take (api/pace.ts): polled sooner, it would only answer "not ready" for a request. Of those,
 * the jobs this user's key may read: its own, and those of keys of its workspace (teams that share
 * one provider account get results sooner). Another user's other jobs are left to them.
 */
function duePolls(ctx: AppContext, registry: Registry, options: PollOptions): DuePolls {
  const now = ctx.clock.now();
  const waiting = registry.jobs.filter(
    (job) =>
      job.state === 'pending' &&
      isActive(registry, job) &&
      (options.force ||
        (job.nextPollAt
          ? job.nextPollAt <= now
          : job.startedAt === undefined || ctx.pace().readyAt(job.startedAt) <= now)),
  );
  const actor = actorOf(ctx);
  const accessOf = (job: JobRecord) => jobAccess(actor, runOf(registry, job)!, job);
  if (waiting.some((job) => accessOf(job) === 'none' && job.workspace)) workspaceForSharing(ctx, actor);
  const access = new Map(waiting.map((job) => [job, accessOf(job)]));
  return { jobs: waiting.filter((job) => access.get(job) !== 'none'), access };
}

function pollPendingJobs(
  ctx: AppContext,
  registry: Registry,
  ledger: Ledger,
  tables: SheetTables,
  options: PollOptions,
  { jobs: due, access }: DuePolls,
): void {
  if (due.length === 0) return;
  const api = apiOrWait(ctx, registry);
  if (!api) return;
  for (let start = 0; start < due.length;) {
    // What the API's window has room for; the rest is due again at the next poll with room.
    const room = Math.min(POLL_BATCH_SIZE, ctx.pace().room(ctx.clock.now()));
    if (!hasTime(ctx) || room <= 0) return;
    const batch = due.slice(start, start + room).filter((job) => isActive(registry, job));
    start += room;
    if (batch.length === 0) continue;
    const outcomes = api.fetchResults(
      batch.map((job) => ({ id: job.id!, kind: runOf(registry, job)!.kind })),
    );
    learnJobTime(ctx, batch, outcomes);
    const stopped = recordOutcomes(ctx, registry, ledger, batch, outcomes, access, options);
    applyFetchedJobs(ctx, registry, ledger, tables);
    if (stopped) return;
  }
}

/** What a wave of polls says of the time jobs take (api/pace.ts): ready or not, at what age. */
function learnJobTime(ctx: AppContext, batch: readonly JobRecord[], outcomes: readonly PollOutcome[]): void {
  const now = ctx.clock.now();
  const wave = batch.flatMap((job, index) => {
    const outcome = outcomes[index];
    if (job.startedAt === undefined || !outcome || outcome.kind === 'error') return [];
    const ready = outcome.kind === 'result' && REST_STATUS[outcome.result.status] !== undefined;
    return [{ ageMs: now - job.startedAt, ready }];
  });
  ctx.pace().polled(wave);
}

/** Steps 1 and 2 of the crash-safety order. Returns true when the API refused the key. */
function recordOutcomes(
  ctx: AppContext,
  registry: Registry,
  ledger: Ledger,
  batch: JobRecord[],
  outcomes: PollOutcome[],
  access: ReadonlyMap<JobRecord, JobAccess>,
  options: PollOptions,
): boolean {
  const answers = new Map<string, LedgerEntry>();
  const changedRuns = new Set<RunRecord>();
  const changedJobs: JobRecord[] = [];
  const forced: ForcedFetch[] = [];
  let keyRefused: ApiError | undefined;
  // Each job's credits, and the day it was sent, before its results move it on (fetched: no sendingAt).
  const before = batch.map((job) => ({
    credits: job.credits ?? 0,
    at: job.sendingAt ?? job.startedAt ?? ctx.clock.now(),
  }));
  batch.forEach((job, index) => {
    const run = runOf(registry, job)!;
    const outcome = outcomes[index] ?? { kind: 'not_ready' };
    const change = outcomeChange(ctx, { run, job, outcome, answers }, access.get(job) ?? 'none', options);
    if (change === 'key_refused' && outcome.kind === 'error') keyRefused = outcome.error;
    else if (change === 'found_so_far') forced.push({ run, job });
    else if (change !== null && typeof change === 'object') forced.push({ run, job, closing: change });
    else if (change) {
      changedJobs.push(job);
      if (change === 'fetched') changedRuns.add(run);
    }
  });
  // A job that may hold paid answers is never closed unfetched: what it found is asked for first.
  if (forced.length && !keyRefused) {
    const results = ctx.api().fetchResults(
      forced.map(({ run, job }) => ({ id: job.id!, kind: run.kind })),
      { forceResults: true },
    );
    forced.forEach((fetch, index) => {
      const outcome = results[index] ?? { kind: 'not_ready' };
      if (fetch.closing) closeForced(ctx, fetch, fetch.closing, outcome, answers);
      else if (outcome.kind !== 'result') return;
      // Still running (or done by now): what it found so far, or all of it.
      else
        recordResult(ctx, fetch.run, fetch.job, outcome.result, REST_STATUS[outcome.result.status], answers);
      changedJobs.push(fetch.job);
      changedRuns.add(fetch.run);
    });
  }
  ledger.store(answers);
  // As saved, merged with what the ledger held: a resend asks only the fields a contact lacked.
  changedJobs.push(...answeredLostStarts(registry, ledger.lookup([...answers.keys()])));
  // What the jobs charged, before they are saved: a kill in between polls them again, and the
  // record's line per job counts it once (store/spending.ts).
  recordSpending(
    ctx,
    batch.flatMap((job, index) => {
      const { credits, at } = before[index]!;
      return (job.credits ?? 0) > credits ? [jobCharge(runOf(registry, job)!, job, at)] : [];
    }),
  );
  saveRecordsOf(ctx, [...changedRuns], changedJobs);
  if (keyRefused) waitForKey(ctx, registry, keyRefused);
  return !!keyRefused;
}

type Change = 'fetched' | 'retry' | 'key_refused' | 'found_so_far' | ForceReason | null;

/** Decides what a poll outcome does to its job; answers to store go into `answers`. */
function outcomeChange(
  ctx: AppContext,
  polled: { run: RunRecord; job: JobRecord; outcome: PollOutcome; answers: Map<string, LedgerEntry> },
  access: JobAccess,
  options: PollOptions,
): Change {
  const { run, job, outcome, answers } = polled;
  const now = ctx.clock.now();
  const stopWaiting =
    options.stopWaiting !== undefined &&
    job.startedAt !== undefined &&
    job.startedAt <= options.stopWaiting.startedBefore;
  if (outcome.kind === 'result') {
    const rest = REST_STATUS[outcome.result.status];
    if (rest === undefined) return forceWhenStuck(job, now, access, stopWaiting);
    recordResult(ctx, run, job, outcome.result, rest, answers);
    return 'fetched';
  }
  if (outcome.kind === 'not_ready') return forceWhenStuck(job, now, access, stopWaiting);
  const error = outcome.error;
  if (isKeyProblem(error)) return 'key_refused';
  const verdict = pollErrorVerdict(error, access, (job.tries ?? 0) + 1);
  if (verdict === 'not_found') {
    closeUnbought(job, STATUS.jobNotFound);
    return 'fetched';
  }
  if (verdict === 'wait_for_starting_key') {
    // Not evidence: the tries that would close it are not counted; the run shows why it waits.
    job.waitsForStartingKey = true;
    job.nextPollAt = now + backoffMs(Math.max(1, job.tries ?? 0));
    return 'retry';
  }
  job.tries = (job.tries ?? 0) + 1;
  if (verdict === 'force_fetch') return { problem: error.userMessage };
  // Apps Script's daily quota: the card says why while the job waits (progress.ts).
  if (error.code === DAILY_FETCH_QUOTA_CODE) job.problem = error.userMessage;
  job.nextPollAt = now + retryWaitMs(job.tries, error);
  return 'retry';
}

/**
 * A job past its time is fetched with forceResults before it is closed: what it found was paid. One
 * the user stops waiting for is fetched so too, and stays open. Only by the key that started it:
 * another key's poll shows the job, never ends it.
 */
function forceWhenStuck(job: JobRecord, now: number, access: JobAccess, stopWaiting: boolean): Change {
  if (access === 'own' && stopWaiting) return 'found_so_far';
  if (access === 'own' && job.startedAt && now - job.startedAt > JOB_GIVE_UP_MS)
    return { problem: 'The job gave no answer for 24 hours.' };
  if (!job.tries && !job.waitsForStartingKey) return null;
  moveJob(job, 'pending', { tries: 0, nextPollAt: undefined, waitsForStartingKey: undefined });
  return 'retry';
}
