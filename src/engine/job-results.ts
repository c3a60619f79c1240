/**
 * What a fetched result records: its answers go to the ledger the moment they are read (by what the
 * job asked, whatever became of its run or rows), its job closes with the words for its other rows,
 * and a forced fetch of a job that cannot be collected the usual way ends it or holds it as "may
 * have been bought" (paid-once.ts). poll.ts decides when; this file decides what is kept.
 */
import type { ContactResult, JobResult } from '../domain/model';
import { CONTACT_KEYS } from '../domain/inputs';
import type { PollOutcome } from '../api/port';
import { STATUS } from '../domain/statuses';
import { missingInput, NO_INPUTS, type ContactInputs } from '../sheet/contact-input';
import { fingerprint } from '../sheet/fingerprint';
import {
  entryCovers,
  entryFoundSomething,
  entryFromResult,
  mergedEntry,
  type LedgerEntry,
} from '../store/ledger-entry';
import { indexSet, moveJob, type JobRecord, type RunRecord } from '../store/registry';
import { recordSpending, type Charge } from '../store/spending';
import { SPEND_WORDS, sourceWord } from '../domain/runs';
import { actorOf } from './team';
import { ledgerOf, type AppContext } from './context';
import { closeUnbought, holdAsMaybeBought, unanswered } from './paid-once';
import { REST_STATUS } from './row-status';

/** Why a job is fetched with forceResults before it is closed. */
export interface ForceReason {
  /** Why it could not be collected: what the Jobs panel says of the rows it leaves unanswered. */
  problem: string;
}

/** A job to fetch with forceResults: closed after it when `closing` says why, else left running. */
export interface ForcedFetch {
  run: RunRecord;
  job: JobRecord;
  closing?: ForceReason;
}

/**
 * Stores a result's answers (those of an unfinished one only when they hold something) and closes
 * the job, its other rows getting `rest`. Without `rest` (a job still running) the job stays pending:
 * the answers it has so far are noted as fetched early, for apply.ts to write and count once.
 */
export function recordResult(
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
    const fields = job.fields ?? run.fields;
    const entry = entryFromResult(item, fields, now);
    // A finished job's "not found" is an answer, but not of an enrichment whose fields are unknown
    // (a job imported with no record that found nothing): an enrich entry of no fields reads as a
    // reverse answer, which replaces every field saved before (finding 68: a work email re-bought).
    const known = run.kind === 'reverse' || fields.length > 0;
    const keep =
      (result.status === 'FINISHED' && known) ||
      entry.workEmail ||
      entry.personalEmail ||
      entry.phone ||
      entry.profile;
    // Two jobs of one poll may answer a contact (a lost list's job and a "look up again" of
    // other fields): both answers are kept, as two stores would (fuzz finding 120).
    if (keep) answers.set(fp, mergedEntry(answers.get(fp), entry));
    if (keep && rest === undefined) early.add(sent.get(fp)!);
  }
  run.credits += result.credits - (job.credits ?? 0);
  job.credits = result.credits;
  if (rest === undefined) {
    if (early.size) job.earlyFetched = [...early].sort((a, b) => a - b);
    return;
  }
  // An unreadable item is matched by its custom fingerprint, else by its place: results list one
  // record per submitted item, in order (docs/api-decisions.md). Its row says it could not be read;
  // the reason is not kept (a text per item grew a job's record by up to 5 KB, unbudgeted).
  const unreadable = result.rejected
    .map((item) => (item.custom.fp === undefined ? item.index : sent.get(item.custom.fp)))
    .filter((index): index is number => index !== undefined && index < job.fingerprints.length);
  if (unreadable.length) job.unreadable = indexSet(unreadable);
  job.status = result.status;
  moveJob(job, 'fetched', { unansweredStatus: rest });
}

/**
 * The end of a job that could not be collected the usual way: its forced answer is stored and its
 * other rows get `rest`; without an answer it stays "may have been bought" (paid-once.ts).
 */
export function closeForced(
  ctx: AppContext,
  { run, job }: ForcedFetch,
  { problem }: ForceReason,
  outcome: PollOutcome,
  answers: Map<string, LedgerEntry>,
): void {
  // A job whose Retry resent all it still asked holds nothing: it ends here, whatever it charges later.
  const rest = unanswered(job).length ? undefined : STATUS.notFound;
  if (outcome.kind === 'result') {
    const end = REST_STATUS[outcome.result.status] ?? rest;
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
  if (outcome.kind === 'error' && outcome.error.status === 404 && job.keyId === actorOf(ctx).keyId)
    return closeUnbought(job, STATUS.jobNotFound);
  if (rest) return moveJob(job, 'fetched', { unansweredStatus: rest });
  holdAsMaybeBought(
    job,
    `${problem} Its results could not be fetched, so its rows were not sent again: import the job by its id ${job.id}, or retry it.`,
  );
}

/**
 * The answers a job's result holds that the ledger lacks, saved there and nothing else: for a job the log counts
 * already (a stuck job closed on its early answers may have found more since). Its rows fill from
 * them, free, on their next run; no card or log row counts them again. What it charged so far goes
 * to its line in the Spending record, which keeps a job's largest figure, so never twice: a held
 * job whose record was then damaged had what it charged after it was held on no book (stop 57).
 */
export function saveAnswersOnly(ctx: AppContext, run: RunRecord, result: JobResult): number {
  const { id, credits } = result;
  recordSpending(ctx, [{ job: id, at: run.startedAt, by: run.startedBy, kind: sourceWord(run), credits }]);
  const answers = new Map<string, LedgerEntry>();
  for (const item of result.items) {
    const fp = fingerprintOfItem(run, item);
    const entry = entryFromResult(item, run.fields, ctx.clock.now());
    if (fp && entryFoundSomething(entry, run.kind, run.fields)) answers.set(fp, entry);
  }
  // Only what the ledger lacks: an answer saved before keeps its date (a refresh goes by it). An
  // answer of other fields (a phone run's) lacks this job's: it is merged in (fuzz finding 84).
  const ledger = ledgerOf(ctx);
  for (const [fp, saved] of ledger.lookup([...answers.keys()]))
    if (entryCovers(saved, run.fields)) answers.delete(fp);
  ledger.store(answers);
  return answers.size;
}

/** The fingerprint sent in `custom`; recomputed from the echoed input if the API lost it. */
function fingerprintOfItem(run: RunRecord, item: ContactResult): string | undefined {
  if (item.custom.fp) return item.custom.fp;
  const contact: ContactInputs = { ...NO_INPUTS };
  for (const key of CONTACT_KEYS) contact[key] = item.input[key] ?? '';
  contact.email = contact.email.toLowerCase();
  return missingInput(run.kind, contact) ? undefined : fingerprint(run.kind, contact);
}

/**
 * What the API reported charging a job so far, for the Spending tab's record (store/spending.ts):
 * to whoever started its run, on the day it was sent (`at`, read before its results moved it on: an
 * import of a lost start keeps that day).
 */
export const jobCharge = (run: RunRecord, job: JobRecord, at: number): Charge => ({
  job: job.id,
  at,
  by: run.startedBy,
  kind: job.retried ? SPEND_WORDS.retry : sourceWord(run),
  credits: job.credits ?? 0,
});
