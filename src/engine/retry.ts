/**
 * Retry, the paid way out of an ambiguous start (recovery.ts holds the free one, import by id): the
 * user sends the job's contacts again, knowing the price, for the fields no saved answer holds.
 */
import { UserError } from '../domain/user-error';
import { DASHBOARD, plural } from '../domain/words';
import { rowsLabel } from '../sheet/text';
import { ledgerOf, type AppContext } from './context';
import { maxCreditsPerContact } from './plan-cost';
import { readCreditBalance } from './key-wait';
import { pollOnce, sendableContacts } from './poll';
import { SheetTables } from './sheet-tables';
import type { JobBase, JobRecord, RunRecord } from '../store/registry';
import { fieldsToResend, unreadableResends, unanswered } from './paid-once';
import { jobName } from './job-starter';
import { countRetry } from './run-end';
import { ambiguousJob, lookUpIfNone, reopen, underLock, type RunJobRef } from './recovery';

/**
 * A retry sends a job's contacts without an answer from the rows that hold them now. With none of
 * those rows left (deleted since, the rows left resent by an earlier retry: finding 46's split), it
 * would send nothing, reopen the run and hold the job again, its price counted each time (chaos seed
 * 19: 402 retries, and the run's other rows never run again). Refused, with the ways out; the
 * contacts stay held, as their start may have been charged.
 */
function refuseEmptyRetry(
  ctx: AppContext,
  run: RunRecord,
  job: JobRecord,
  contacts: ReadonlyMap<string, unknown>,
): void {
  const asked = unanswered(job);
  if (asked.some((fp) => contacts.has(fp))) return;
  const name = jobName(ctx.spreadsheet.name(), run, job);
  throw new UserError(
    `Nothing to send again: the rows of this job's ${plural(asked.length, 'contact')} without an answer are gone (deleted, or their sheet or columns removed or renamed). ` +
      `If ${DASHBOARD} shows the job "${name}", import it by its id to save what it found; if the rows come back, Retry sends them.`,
  );
}

/**
 * Credits a retry of an ambiguous job can cost at most (shown before the user confirms): it sends
 * only its `contacts` without an answer (paid-once.ts unanswered).
 */
export function retryPrice(run: RunRecord, job: JobBase, contacts: number): number {
  const toAsk = contacts - (job.earlyFetched?.length ?? 0);
  return toAsk * maxCreditsPerContact(run.kind, job.fields ?? run.fields);
}

/** The user chose to send an ambiguous job again (and was told what it may cost). */
export function retryAmbiguousJob(ctx: AppContext, ref: RunJobRef): void {
  underLock(ctx, (registry) => {
    const { run, job } = ambiguousJob(ctx, registry, ref);
    // A later job of its run asking its contacts is its Retry's resend (job-starter.ts), not written
    // yet: that one is retried, or imported, if need be; two resends would buy them twice.
    const asked = unanswered(job);
    const mine = new Set(asked);
    const resend = (other: JobRecord) =>
      other.run === run.id &&
      other.seq > job.seq &&
      other.state !== 'applied' &&
      unanswered(other).some((fp) => mine.has(fp));
    if (registry.jobs.some(resend))
      throw new UserError('Its last Retry is still at work: wait for its answers.');
    // One whose record or list cannot be read may be at work too, for all anyone knows: until it is
    // imported by its id (which writes it back in its place), a second resend could buy its contacts
    // twice (finding 190; chaos seeds 2 and 12 charged 78 and 84 people twice). Its list, readable,
    // could only narrow that to the contacts the resend carried: all it asked, but those answered.
    // Which rows to look up again, named in full where they are now (sorted since, they are not
    // the panel's "rows 2–101"): all of a lost start's, and no other's (chaos seeds 67 and 70).
    const contacts = sendableContacts(ctx, new SheetTables(ctx.spreadsheet), run);
    const unread = unreadableResends(registry, job)
      .sort((a, b) => a - b)
      .map((seq) => `job ${seq + 1}`);
    if (unread.length) {
      const rows = asked.flatMap((fp) => contacts.get(fp)?.row ?? []);
      throw new UserError(
        `Its last Retry's job is unreadable: import run ${run.id} ${unread.join(' or ')} by its id, or, ${lookUpIfNone(rowsLabel(rows, Infinity))}`,
      );
    }
    refuseEmptyRetry(ctx, run, job, contacts);
    // What its start answered is saved (a poll killed before it marked the job fetched, then a
    // refused key held it: finding 110): answered early, so neither resent nor priced again.
    const saved = ledgerOf(ctx).lookup(asked);
    const fields = job.fields ?? run.fields;
    // A Retry on a balance too small for one contact runs out at once: its job ends "out of
    // credits", the lost start is held again and the run reopened; a run kept open by Retries never
    // ends to say "add credits" (chaos seed 3: 47 Retries, never a top-up). One balance read a Retry.
    // A balance it cannot read stops nothing: the resend meets the same trouble, handled as any.
    if ((readCreditBalance(ctx).balance ?? Infinity) < maxCreditsPerContact(run.kind, fields))
      throw new UserError('Out of credits: add credits, then Retry.');
    const early = new Set(job.earlyFetched);
    const toResend = job.fingerprints.map((fp, index) =>
      early.has(index) ? undefined : fieldsToResend(saved.get(fp), job, run),
    );
    job.earlyFetched = toResend.flatMap((lacking, index) => (lacking ? [] : [index]));
    // Counted before it is sent, at the fields each contact lacks (its start splits them so): the
    // lost start stays counted at its most, the retry on top.
    countRetry(
      ctx,
      run,
      toResend.reduce((sum, lacking) => sum + (lacking ? maxCreditsPerContact(run.kind, lacking) : 0), 0),
    );
    // The resend is a job of its own (job-starter.ts): a stuck start is still collected, should it
    // finish after all (its charges on the card and the Spending tab), a lost one held meanwhile.
    reopen(ctx, registry, run, job, { state: 'queued', tries: 0, retried: true });
  });
  pollOnce(ctx);
}
