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
import { isKeyProblem } from '../api/failures';
import type { ContactResult, JobResult } from '../domain/model';
import { CONTACT_KEYS } from '../domain/inputs';
import type { PollOutcome } from '../api/port';
import { missingInput, NO_INPUTS, type ContactInputs } from '../sheet/contact-input';
import { fingerprint } from '../sheet/fingerprint';
import { actorOf, jobAccess, ownsRun, workspaceForSharing, type JobAccess } from './team';
import { runOf, ledgerOf, saveRecordsOf, registryOf, type AppContext } from './context';
import { applyFetchedJobs } from './apply';
import { SheetTables } from './sheet-tables';
import { settleInterruptedStarts, startQueuedJobs } from './job-starter';
import { closeUnbought, holdAsMaybeBought, pollErrorVerdict } from './paid-once';
import { entryFromResult, Ledger, type LedgerEntry } from '../store/ledger';
import { apiOrWait, waitForKey } from './key-wait';
import { runSourceOf, runSources, type SendableContact } from './run-sources';
import { finishRuns } from './run-end';
import { collectUnreadJobs } from './rehome';
import { clearPollFailure, notePollFailure } from './poll-problem';
import { currentColumns } from './run-columns';
import { REST_STATUS } from './row-status';
import { syncPollTrigger } from './poll-trigger';
import type { JobRecord, Registry, RunRecord } from '../store/registry';
import { STATUS } from '../domain/statuses';
import {
  backoffMs,
  hasTime,
  JOB_GIVE_UP_MS,
  POLL_BATCH_SIZE,
  POLL_LOCK_WAIT_MS,
  retryWaitMs,
} from './timing';

export interface PollOptions {
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
    for (const source of runSources()) source.beforePoll?.(ctx);
    const registry = registryOf(ctx);
    for (const { key, reason } of registry.unreadable)
      ctx.log.warn(`Kept unreadable record ${key}: ${reason}.`);
    const ledger = ledgerOf(ctx);
    // Each sheet is read and fingerprinted once for the whole execution.
    const tables = new SheetTables(ctx.spreadsheet);
    settleInterruptedStarts(ctx, registry);
    collectUnreadJobs(ctx, registry);
    applyFetchedJobs(ctx, registry, ledger, tables);
    // A job started in this execution is not polled in it: a second old, it is never ready (and a
    // user who stops waiting never closes a job that had no chance to work). Queued jobs start
    // again after the poll, into the room its answers freed under the API's concurrency limit.
    const startedNow = new Set<JobRecord>();
    startQueuedRuns(ctx, registry, tables, startedNow);
    pollPendingJobs(ctx, registry, ledger, tables, options, startedNow);
    startQueuedRuns(ctx, registry, tables, startedNow);
    finishRuns(ctx, registry);
    for (const source of runSources()) if (hasTime(ctx)) source.afterPoll?.(ctx, registry, ledger);
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
  startedNow: Set<JobRecord>,
): void {
  const actor = actorOf(ctx);
  const runs = new Set(
    registry.jobs
      .filter((job) => job.state === 'queued' && isActive(registry, job))
      .map((job) => runOf(registry, job)!)
      .filter((run) => ownsRun(actor, run)),
  );
  for (const run of runs) {
    if (!hasTime(ctx)) return;
    const table = tables.table(run.sheetId);
    const contacts = runSourceOf(run.source)?.contacts?.(ctx) ?? new Map<string, SendableContact>();
    if (table) {
      // Columns found again by their headers; a run whose columns are gone sends nothing more.
      const { mapping, missing } = currentColumns(run, table);
      if (missing.length === 0)
        for (const [fp, [row]] of tables.rows(table, run.kind, mapping)) {
          contacts.set(fp, { input: tables.input(table, run.kind, mapping, row!, fp), row: row! });
        }
    }
    if (!startQueuedJobs(ctx, registry, run, contacts, startedNow)) return;
  }
}

function pollPendingJobs(
  ctx: AppContext,
  registry: Registry,
  ledger: Ledger,
  tables: SheetTables,
  options: PollOptions,
  startedNow: ReadonlySet<JobRecord>,
): void {
  const now = ctx.clock.now();
  const waiting = registry.jobs.filter(
    (job) =>
      job.state === 'pending' &&
      !startedNow.has(job) &&
      isActive(registry, job) &&
      (options.force || !job.nextPollAt || job.nextPollAt <= now),
  );
  const { due, access } = jobsThisUserMayPoll(ctx, registry, waiting);
  if (due.length === 0) return;
  const api = apiOrWait(ctx, registry);
  if (!api) return;
  for (let start = 0; start < due.length; start += POLL_BATCH_SIZE) {
    if (!hasTime(ctx)) return;
    const batch = due.slice(start, start + POLL_BATCH_SIZE).filter((job) => isActive(registry, job));
    if (batch.length === 0) continue;
    const outcomes = api.fetchResults(
      batch.map((job) => ({ id: job.id!, kind: runOf(registry, job)!.kind })),
    );
    const stopped = recordOutcomes(ctx, registry, ledger, batch, outcomes, access, options);
    applyFetchedJobs(ctx, registry, ledger, tables);
    if (stopped) return;
  }
}

/**
 * The jobs this user's key may read: its own, and those of keys of its workspace (teams that share
 * one provider account get results sooner). Another user's other jobs are left to them.
 */
function jobsThisUserMayPoll(
  ctx: AppContext,
  registry: Registry,
  waiting: JobRecord[],
): { due: JobRecord[]; access: Map<JobRecord, JobAccess> } {
  const actor = actorOf(ctx);
  const accessOf = (job: JobRecord) => jobAccess(actor, runOf(registry, job)!, job);
  if (waiting.some((job) => accessOf(job) === 'none' && job.workspace)) workspaceForSharing(ctx, actor);
  const access = new Map(waiting.map((job) => [job, accessOf(job)]));
  return { due: waiting.filter((job) => access.get(job) !== 'none'), access };
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
  saveRecordsOf(ctx, [...changedRuns], changedJobs);
  if (keyRefused) waitForKey(ctx, registry, keyRefused);
  return !!keyRefused;
}

/** Why a job is fetched with forceResults before it is closed. */
interface ForceReason {
  /** Why it could not be collected: what the Jobs panel says of the rows it leaves unanswered. */
  problem: string;
}

/** A job to fetch with forceResults: closed after it when `closing` says why, else left running. */
interface ForcedFetch {
  run: RunRecord;
  job: JobRecord;
  closing?: ForceReason;
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
  job.nextPollAt = now + retryWaitMs(job.tries, error);
  return 'retry';
}

/**
 * Stores a result's answers (those of an unfinished one only when they hold something) and closes
 * the job, its other rows getting `rest`. Without `rest` (a job still running) the job stays pending:
 * the answers it has so far are noted as fetched early, for apply.ts to write and count once.
 */
function recordResult(
  ctx: AppContext,
  run: RunRecord,
  job: JobRecord,
  result: JobResult,
  rest: string | undefined,
  answers: Map<string, LedgerEntry>,
): void {
  const now = ctx.clock.now();
  const sent = new Map(job.fingerprints.map((fp, index) => [fp, index]));
  const early = new Set(job.earlyFetched);
  for (const item of result.items) {
    const fp = fingerprintOfItem(run, item);
    if (!fp || !sent.has(fp)) continue;
    const entry = entryFromResult(item, job.fields ?? run.fields, now);
    const keep =
      result.status === 'FINISHED' || entry.workEmail || entry.personalEmail || entry.phone || entry.profile;
    if (keep) answers.set(fp, entry);
    if (keep && rest === undefined) early.add(sent.get(fp)!);
  }
  run.credits += result.credits - (job.credits ?? 0);
  job.credits = result.credits;
  if (rest === undefined) {
    if (early.size) job.earlyFetched = [...early].sort((a, b) => a - b);
    return;
  }
  // An unreadable item is matched by its custom fingerprint, else by its place: results list one
  // record per submitted item, in order (docs/api-decisions.md).
  // Reasons are bounded so that a job whose 100 items all fail still fits its 9 KB property.
  const problems = result.rejected
    .map((item) => [item.custom.fp ?? job.fingerprints[item.index], item.reason.slice(0, 60)] as const)
    .filter(([fp]) => fp !== undefined && sent.has(fp));
  if (problems.length) job.itemProblems = Object.fromEntries(problems);
  delete job.waitsForStartingKey;
  Object.assign(job, { state: 'fetched', unansweredStatus: rest, status: result.status });
}

/**
 * The end of a job that could not be collected the usual way: its forced answer is stored and its
 * other rows get `rest`; without an answer it stays "may have been bought" (paid-once.ts).
 */
function closeForced(
  ctx: AppContext,
  { run, job }: ForcedFetch,
  { problem }: ForceReason,
  outcome: PollOutcome,
  answers: Map<string, LedgerEntry>,
): void {
  if (outcome.kind === 'result') {
    const end = REST_STATUS[outcome.result.status];
    if (end !== undefined) return recordResult(ctx, run, job, outcome.result, end, answers);
    // Still working at the API: what it found is written; the contacts it has not reached yet may
    // still be charged there (forceResults does not stop a job, spec §4.2), so they are not sent
    // again unless the user says so (fuzz finding 16: a job stuck a day, then resumed).
    recordResult(ctx, run, job, outcome.result, undefined, answers);
    holdAsMaybeBought(
      job,
      `${problem} What it found so far is written. Its other rows were not sent again, as the job may still charge them: import the job by its id ${job.id} once it finishes, or retry them.`,
    );
    return;
  }
  if (outcome.kind === 'error' && outcome.error.status === 404 && job.keyId === actorOf(ctx).keyId) {
    closeUnbought(job, STATUS.jobNotFound);
    return;
  }
  holdAsMaybeBought(
    job,
    `${problem} Its results could not be fetched, so its rows were not sent again: import the job by its id ${job.id}, or retry it.`,
  );
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
  job.tries = 0;
  delete job.nextPollAt;
  delete job.waitsForStartingKey;
  return 'retry';
}

/** The fingerprint sent in `custom`; recomputed from the echoed input if the API lost it. */
function fingerprintOfItem(run: RunRecord, item: ContactResult): string | undefined {
  if (item.custom.fp) return item.custom.fp;
  const contact: ContactInputs = { ...NO_INPUTS };
  for (const key of CONTACT_KEYS) contact[key] = item.input[key] ?? '';
  contact.email = contact.email.toLowerCase();
  return missingInput(run.kind, contact) ? undefined : fingerprint(run.kind, contact);
}
