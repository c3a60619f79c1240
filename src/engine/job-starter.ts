/**
 * Sends queued jobs to the API, in batches, without ever paying twice for one.
 *
 * The API has no idempotency key and no job listing, so a start whose answer is lost cannot be
 * told apart from one that never arrived. Each start therefore goes through three registry writes:
 *   1. the job is marked "sending" (the marker), in one write with the previous start's outcome;
 *   2. its request is sent, alone: a fetchAll fails whole when one request fails at network level,
 *      and one lost answer made every start of its batch of unknown fate (16 of 20 jobs, 13 of
 *      them made and charged, to import by hand or buy again);
 *   3. its outcome, saved with the next marker (the batch's last, on its own): "pending" with its
 *      id; back to "queued" when the start certainly did not arrive (429, a name that did not
 *      resolve); "ambiguous" when it may have been processed (5xx, timeout, cut connection,
 *      unreadable success).
 * An execution killed between 1 and 3 leaves its job "sending": the next execution (under the same
 * lock) turns it into "ambiguous". An ambiguous job is never resent on its own: the user
 * retries it (knowing the price) or imports it by the id the provider's dashboard shows.
 */
import type { ApiError } from '../api/errors';
import { DAILY_FETCH_QUOTA_CODE, isKeyProblem } from '../api/failures';
import type { EnrichItemInput, JobStart } from '../api/port';
import { LIMITS } from '../domain/limits';
import { CONTACT_KEYS } from '../domain/inputs';
import { type SendableContact, saveRecordsOf, type AppContext } from './context';
import { actorOf, keyStamp } from './team';
import { apiOrWait, waitForKey } from './key-wait';
import {
  moveJob,
  saveJobFingerprints,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';
import { STATUS } from '../domain/statuses';
import { hasTime, retryWaitMs, START_BATCH_SIZE } from './timing';
import {
  closeUnbought,
  fieldsToResend,
  holdAsMaybeBought,
  lostStart,
  markEarly,
  unanswered,
} from './paid-once';
import { ledgerOf } from './context';
import type { LedgerEntry } from '../store/ledger-entry';
import type { EnrichField } from '../domain/fields';
import { kept } from '../domain/objects';

/**
 * The job's readable name: how the user finds it in the provider's dashboard to import it by id
 * ("Leads › Contacts › rows 2–101 · run m1x2 job 1").
 */
export function jobName(
  spreadsheetName: string,
  run: RunRecord,
  job: Pick<JobRecord, 'rows' | 'seq'>,
): string {
  return `${spreadsheetName} › ${run.sheetName} › ${job.rows} · run ${run.id} job ${job.seq + 1}`;
}

/** The run and job a readable name ends with (jobName), or undefined when it names none. */
export function jobOfName(name: string | undefined): { run: string; seq: number } | undefined {
  const match = / · run (\S+) job (\d+)$/.exec(name ?? '');
  return match ? { run: match[1]!, seq: Number(match[2]) - 1 } : undefined;
}

function startOf(
  ctx: AppContext,
  run: RunRecord,
  job: JobRecord,
  contacts: ReadonlyMap<string, SendableContact>,
): JobStart {
  const name = jobName(ctx.spreadsheet.name(), run, job);
  const picked = unanswered(job).map((fp) => {
    const contact = contacts.get(fp)!;
    // Row identity, returned unchanged with the answer (strings only: the API rejects numbers).
    return { input: contact.input, custom: { sheetId: String(run.sheetId), row: String(contact.row), fp } };
  });
  if (run.kind === 'reverse') {
    const items = picked.map(({ input, custom }) => ({ email: input.email, custom }));
    return { kind: 'reverse', name, items };
  }
  const items = picked.map(({ input, custom }) => {
    const item: EnrichItemInput = { custom };
    // A row's inputs, each only when the row has it; the email is a reverse lookup's.
    for (const key of CONTACT_KEYS) if (key !== 'email' && input[key]) item[key] = input[key];
    return item;
  });
  return { kind: 'enrich', name, items, fields: job.fields ?? run.fields };
}

/** Jobs whose start may be under way at the API: they count against its concurrency limit. */
const inFlight = (registry: Registry) =>
  registry.jobs.filter((job) => job.state === 'pending' || job.state === 'sending').length;

/**
 * Starts the run's queued jobs while time, the API's rate-limit window and its concurrency allow.
 * Contacts no longer found in the sheet (rows edited or deleted since the plan) are left out.
 * Returns false when the run must wait for a key.
 */
export function startQueuedJobs(
  ctx: AppContext,
  registry: Registry,
  run: RunRecord,
  contacts: ReadonlyMap<string, SendableContact>,
  /** Requests of the API's window kept for the polls due in this execution (poll.ts). */
  reserve = 0,
): boolean {
  const now = ctx.clock.now();
  const due = registry.jobs.filter(
    (job) => job.run === run.id && job.state === 'queued' && !(job.nextPollAt && job.nextPollAt > now),
  );
  const sendable = sendableJobs(ctx, registry, run, due, contacts);
  for (let start = 0; start < sendable.length;) {
    // What the API runs at once, and what its rate-limit window lets through (api/pace.ts): the
    // rest waits, queued, for a later poll instead of meeting a 429.
    const room = Math.min(
      LIMITS.concurrentJobsPerWorkspace - inFlight(registry),
      ctx.pace().room(ctx.clock.now()) - reserve,
    );
    if (!hasTime(ctx) || room <= 0) return true;
    const batch = sendable.slice(start, start + Math.min(room, START_BATCH_SIZE));
    start += batch.length;
    const api = apiOrWait(ctx, registry);
    if (!api) return false;
    // The key that starts a job is recorded with it: a 404 to any other key proves nothing.
    const stamp = keyStamp(actorOf(ctx));
    let outcome: StartsOutcome = { backedOff: false };
    let answered: JobRecord[] = [];
    for (const job of batch) {
      if (!hasTime(ctx) || outcome.keyProblem || outcome.backedOff) break;
      Object.assign(job, stamp);
      moveJob(job, 'sending', { sendingAt: ctx.clock.now() });
      // The last start's outcome with this one's marker, in one write: whenever the execution is
      // killed, only the start on its way may have made a job no record names.
      saveRecordsOf(ctx, answered.length ? [run] : [], [...answered, job]);
      outcome = recordStart(ctx, job, api.startJobs([startOf(ctx, run, job, contacts)])[0]!);
      answered = [job];
    }
    if (answered.length) saveRecordsOf(ctx, [run], answered);
    if (outcome.keyProblem) {
      waitForKey(ctx, registry, outcome.keyProblem);
      return false;
    }
    // A 429 means the API wants us to slow down: the rest waits for a later poll.
    if (outcome.backedOff) return true;
  }
  return true;
}

/**
 * Contacts no longer in the sheet leave their job (answered ones stay: they are not sent); a job
 * with nothing left to ask is closed without a call, its answers written by the next apply. Returns
 * the jobs to send.
 *
 * A retried start stays that start, rows gone or not, and the contacts resent go to a new job of
 * the run. A started one (stuck, its results refused: it has an id) is collected as any (polled,
 * forced, held, imported): should it finish after all, what it charged is saved and counted once
 * (stop 56: a stuck job finished after its Retry charged its rest unseen), and rows gone keep it
 * (fuzz finding 46). A lost one stays held under its own name, the dashboard's, for all it asks
 * until answers are saved, so a resend that bought nothing (out of credits) frees nothing it may
 * have bought, and an import by that name is its own, never the resend's (fuzz finding 102). A
 * second record rather than a list of earlier ids on one: polls, holds,
 * imports and cards follow a job by its record and its one id, and its list and name stay as they
 * were sent. Bounded: each split is a user's Retry, refused while an earlier resend of the same
 * contacts is not written (recovery.ts), and takes a contact out of what a started job asks.
 */
function sendableJobs(
  ctx: AppContext,
  registry: Registry,
  run: RunRecord,
  jobs: JobRecord[],
  contacts: ReadonlyMap<string, SendableContact>,
): JobRecord[] {
  const changed: JobRecord[] = [];
  const resends: JobRecord[] = [];
  for (const job of jobs) {
    const asked = new Set(unanswered(job));
    const gone = job.fingerprints.map((fp) => asked.has(fp) && !contacts.has(fp));
    // A retried start always goes on as itself, lost or started (a queued job with an id is a
    // Retry's): its resend is a job of its own (below).
    const split = (lostStart(job) || !!job.id) && asked.size > 0;
    if (!gone.includes(true) && !split && asked.size) continue;
    changed.push(job);
    if (split) {
      // What its contacts have saved (retry.ts): one read, for a Retry's split only.
      const saved = ledgerOf(ctx).lookup([...asked]);
      splitResend(run, job, { asked, gone, saved }, resends, ctx.clock.now());
      continue;
    }
    const kept = job.fingerprints.filter((_, index) => !gone[index]);
    run.sent -= job.fingerprints.length - kept.length;
    // Answered contacts keep their place among those left (their indexes move down).
    const moved = (index: number) => index - gone.slice(0, index).filter(Boolean).length;
    if (job.earlyFetched) job.earlyFetched = job.earlyFetched.map(moved);
    if (job.earlyApplied) job.earlyApplied = job.earlyApplied.map(moved);
    job.fingerprints = kept;
    if (kept.length === 0) moveJob(job, 'applied', {});
    else if (unanswered(job).length === 0) moveJob(job, 'fetched', {});
  }
  registry.jobs.push(...resends);
  changed.push(...resends);
  if (changed.length) {
    saveJobFingerprints(ctx.spreadsheet, registry, changed);
    saveRecordsOf(ctx, [run], changed);
  }
  return [...jobs, ...resends].filter((job) => job.state === 'queued');
}

/**
 * A retried start goes on as that start; the contacts it would resend (not those of `gone` rows)
 * go to new jobs (added to `resends`), one per set of fields they lack (a contact whose answer was
 * saved meanwhile, none), and it neither asks nor writes them any more (as it does those a forced
 * fetch answered early), though their answers, if its start charged them, are saved when it is
 * collected.
 */
function splitResend(
  run: RunRecord,
  job: JobRecord,
  resend: {
    asked: ReadonlySet<string>;
    gone: boolean[];
    saved: ReadonlyMap<string, LedgerEntry>;
  },
  resends: JobRecord[],
  now: number,
): void {
  const { asked, gone, saved } = resend;
  const resent = job.fingerprints.flatMap((fp, index) => (asked.has(fp) && !gone[index] ? [index] : []));
  const { rows, retried } = job;
  // The Retry is the resend's (Spending tab): what the start charged is its source's.
  delete job.retried;
  const groups = new Map<string, { fields: EnrichField[]; fingerprints: string[] }>();
  const answered = resent.filter((index) => {
    const fp = job.fingerprints[index]!;
    const fields = fieldsToResend(saved.get(fp), job, run);
    if (fields) kept(groups, fields.join(), () => ({ fields, fingerprints: [] })).fingerprints.push(fp);
    return !fields;
  });
  // Where its contacts went: should one of those jobs' record or list be lost, a Retry waits for its import.
  if (groups.size) job.resentIn = run.jobs;
  job.resentJobs = groups.size > 1 ? groups.size : undefined;
  for (const { fields, fingerprints } of groups.values())
    resends.push({ run: run.id, seq: run.jobs++, state: 'queued', fingerprints, rows, fields, retried });
  if (!job.id) {
    // A lost start keeps asking what it resent until an answer is saved (poll.ts answeredLostStarts):
    // a resend that bought nothing (out of credits) does not free what the start may have bought
    // (fuzz finding 102). Its rows are the resend's to write meanwhile, and the retry is the
    // resend's: what the lost start charged, if it is imported, is its source's (Spending tab).
    // One answered since the Retry is answered early, as a poll would have marked it.
    markEarly(job, answered);
    if (!unanswered(job).length) return moveJob(job, 'applied', {});
    holdAsMaybeBought(job, 'It may have been charged too: its Retry went in a job of its own.');
    job.rowsMarked = true;
    return;
  }
  markEarly(job, resent);
  // Followed a day from the Retry, asking nothing it resent: should it finish after all, what it
  // charged and found is collected; if not, it ends then, holding nothing (job-results.ts).
  moveJob(job, 'pending', { tries: 0, nextPollAt: undefined, problem: undefined });
  job.startedAt = now;
}

interface StartsOutcome {
  keyProblem?: ApiError;
  backedOff: boolean;
}

/** Step 3: a job's outcome, in memory (the caller saves it with the next job's marker). */
function recordStart(ctx: AppContext, job: JobRecord, answer: string | ApiError): StartsOutcome {
  const now = ctx.clock.now();
  // A start that may have been processed keeps its day (sendingAt), should the job be imported.
  if (typeof answer === 'string') {
    Object.assign(job, { id: answer, startedAt: now });
    moveJob(job, 'pending', { tries: 0, sendingAt: undefined });
  } else if (answer.maybeProcessed) {
    holdAsMaybeBought(job, answer.userMessage);
  } else if (isKeyProblem(answer)) {
    // A refused key is a refusal: nothing was started, the job waits for the key.
    moveJob(job, 'queued', { sendingAt: undefined });
    return { keyProblem: answer, backedOff: false };
  } else if (answer.retryable) {
    const tries = (job.tries ?? 0) + 1;
    // Apps Script's own daily quota, not the API: the run card says why nothing moves for hours.
    const problem = answer.code === DAILY_FETCH_QUOTA_CODE ? answer.userMessage : undefined;
    const nextPollAt = now + retryWaitMs(tries, answer);
    moveJob(job, 'queued', { tries, nextPollAt, problem, sendingAt: undefined });
    return { backedOff: true };
  } else {
    // Refused outright (not maybeProcessed): the job was never made.
    closeUnbought(job, STATUS.error(answer.userMessage));
  }
  return { backedOff: false };
}

/**
 * Jobs left "sending" by an execution that died between the marker and the outcome: their start
 * may have reached the API. Call under the lock, before anything else reads the registry's jobs.
 */
export function settleInterruptedStarts(ctx: AppContext, registry: Registry): void {
  const interrupted = registry.jobs.filter((job) => job.state === 'sending');
  if (interrupted.length === 0) return;
  for (const job of interrupted)
    holdAsMaybeBought(job, 'Sheet Enrich was stopped while it was starting this job.');
  saveRecordsOf(ctx, [], interrupted);
}
