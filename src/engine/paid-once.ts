/**
 * Paid once: the one rule of what "may have been bought" (docs/money-rule.md).
 *
 * A contact whose start may have reached the API stays "may have been bought" until
 *   1. its answer is in the ledger (the job was fetched: forced if it never finished),
 *   2. the key that started its job gets a 404 for it (the only proof it was never made),
 *   3. or the user explicitly asks again, with the price: "look up again" (overwrite), a refresh of
 *      answers older than N days (asksAgain), or "retry".
 * Nothing else ends it: not an error, a time-out, a damaged record, a cancel or another user's key.
 * Every planner asks `sendRule` ("may this contact be sent?"); every path that ends a job
 * without its answers goes through `holdAsMaybeBought` or `closeUnbought` here.
 */
import { NOT_TWICE, STATUS } from '../domain/statuses';
import type { JobKind } from '../domain/runs';
import { runOf, type AppContext } from './context';
import { ENRICH_FIELDS, type EnrichField } from '../domain/fields';
import { entryCovers, fieldsLacking, type LedgerEntry } from '../store/ledger-entry';
import { outputCell } from '../sheet/table';
import { runSheetRows } from './shown-answers';
import {
  damagedJobKeys,
  moveJob,
  runKey,
  runOfJobKey,
  seqOfJobKey,
  type JobBase,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';

/** A running run's job holds the contact: its rows rightly read "pending" until it answers (plan.ts). */
export const WAITING_FOR_RUN = 'waiting for a running job';
const WAITING_FOR_DECISION = `may have been started by an earlier run: retry or import that job under Jobs (${NOT_TWICE})`;
const WAITING_FOR_KEY =
  'waiting for a run stopped by a refused key: save the API key in Settings to resume it';
const WAITING_FOR_DAMAGED_RUN = `its run's stored record could not be read: its job is still collected (${NOT_TWICE})`;
/** The way out of a hold on a job by id; "look up again" sends it, of every field past a hidden job (sendRule). */
const IMPORT_BY_ID = `import the job by its id under Jobs (${NOT_TWICE}; "look up again"`;
/** A job start's fate, unknown (a run's end says it too: run-end.ts). */
export const START_LOST = 'may have been started although the answer was lost';
const WAITING_FOR_IMPORT = `its job ${START_LOST}, and its run's stored record could not be read: ${IMPORT_BY_ID} sends it)`;

const WAITING_FOR_DAMAGED_JOB = `its job's stored record was damaged: ${IMPORT_BY_ID} of every field sends it)`;
/** A ledger row of the contact cannot be read (Ledger.lost): its answer, paid, is lost. */
const ANSWER_UNREADABLE = `its saved answer could not be read: ${NOT_TWICE} ("look up again" sends it)`;
const WAITING_FOR_HIDDEN_JOB = `a running job lost its stored list of contacts, and this contact may be one of them: ${NOT_TWICE} ("look up again" of every field sends it)`;

const HOLDING_STATUS: ReadonlyMap<string, string> = new Map([
  [WAITING_FOR_DAMAGED_JOB, STATUS.damagedJob],
  [WAITING_FOR_HIDDEN_JOB, STATUS.damagedJob],
  [WAITING_FOR_DECISION, STATUS.ambiguous],
  [WAITING_FOR_KEY, STATUS.pending],
]);

/** The words of a hold, which a plan writes on a held row whose Status says nothing of it (plan.ts). */
const HOLD_WORDS: ReadonlySet<string> = new Set([
  ...HOLDING_STATUS.keys(),
  WAITING_FOR_DAMAGED_RUN,
  WAITING_FOR_IMPORT,
  ANSWER_UNREADABLE,
]);

/** Words of a hold on a row: a later plan gives the row the words of the hold it has then. */
export const isHoldWords = (status: string): boolean => status === WAITING_FOR_RUN || HOLD_WORDS.has(status);

/**
 * The Status that replaces a held row's "pending" (plan.ts): the hold's words, but for a job whose
 * record or list is damaged "job record damaged", as its run's end writes. That "pending" may be
 * what holds the row (`heldBySheetRows`), and the hold's words hold nothing by themselves (fuzz
 * seed 46012: the next run bought the row again), while "job record damaged" does, for every
 * planner (`rowMayHaveBeenBought`); for an ambiguous job's, "may have been started", as its own
 * rows read (finding 85: its list then lost, the words held nothing and a formula bought the row
 * again); for a run stopped by a refused key, "pending" stays, as for a running one: the run is
 * still in flight, and should its job's list be lost, its end marks its "pending" rows "job record
 * damaged" (finding 83: the words held nothing, and the rows were bought again). On a row with no
 * Status the words hold nothing, as "" did (chaos seed 17: counted as holds, they held 1,360 rows
 * for good).
 */
export const replacingPending = (why: string): string => HOLDING_STATUS.get(why) ?? why;

/** What a planner asks: the kind it sends, what the ledger answers, and whether the user overwrites. */
export interface SendQuery {
  kind: JobKind;
  /** Saved answers by fingerprint (the first exit, for the fields they cover). */
  answered?: ReadonlyMap<string, LedgerEntry>;
  /** Fingerprints with a saved answer that cannot be read (Ledger.lost). */
  lost?: ReadonlySet<string>;
  /** The user chose "look up again", with its price (the third exit, for jobs no record tells of). */
  overwrite?: boolean;
  /** The fields asked: a saved answer covering them is the first exit, whatever a row's Status says. */
  fields?: readonly EnrichField[];
  /** A refresh: the user asked again, with its price, for the answers saved before this time (ms) only. */
  refreshBefore?: number;
}

/**
 * The third exit, per contact: the user asked again with the price shown, for every contact ("look
 * up again") or, in a refresh, for a contact whose answer was saved before the date asked. A refresh
 * is no overwrite for sendRule: every hold stays (a contact of a job in flight, or of one no one can
 * read, is not bought again), and a contact refreshed since has a newer date, so is not bought twice.
 */
export const asksAgain = (query: SendQuery, entry: { at: number } | undefined): boolean =>
  query.refreshBefore === undefined ? !!query.overwrite : !!entry && entry.at < query.refreshBefore;

/** Why a refresh leaves a contact alone. */
export const NOT_OLD = 'no answer older than the days asked';

/**
 * "Look up again" buys again only what it asks: it sends past a job no record tells of only when it
 * asks every field that job's run did (all of them, its run unknown): finding 160, a look-up of the
 * phone wrote "not found" over the only words that held a hidden job's work email, and the next run
 * bought it again.
 */
const asksEveryField = (query: SendQuery, run: RunRecord | undefined): boolean =>
  asksAgain(query, undefined) &&
  (run?.fields ?? ENRICH_FIELDS).every((field) => query.fields?.includes(field));

/** A saved answer fills the row for free: it covers what is asked, and no refresh asks it again. */
const fillsFree = (query: SendQuery, fp: string): boolean => {
  const entry = query.answered?.get(fp);
  return entryCovers(entry, query.fields ?? []) && !asksAgain(query, entry);
};

/**
 * Fingerprints that may have been bought and are not answered yet, with why (in the user's words):
 * jobs of a running run (queued ones are about to be sent), of a run stopped by a refused key (it
 * resumes), ambiguous jobs (the user decides), jobs whose run record cannot be read, and the
 * contacts of job records that cannot be read (until answered, or the user looks them up again).
 */
function mayHaveBeenBought(registry: Registry, query: SendQuery): Map<string, string> {
  const busy = new Map<string, string>();
  // A damaged record no longer says which fields its job asked: a saved answer frees its contact
  // only when it fills what this plan asks, for free (finding 71: a saved phone freed a contact
  // whose work email the damaged job had bought, and a schedule bought it again), and "look up
  // again" only when it asks every field its run did, as its words say (fuzz seed 68002: a phone's
  // look-up wrote over the rows' "pending", all that held them once the list was lost too).
  for (const [key, list] of registry.damagedJobLists ?? [])
    if (!asksEveryField(query, registry.runs.get(runOfJobKey(key))))
      for (const fp of list) if (!fillsFree(query, fp)) busy.set(fp, WAITING_FOR_DAMAGED_JOB);
  for (const job of registry.jobs) {
    if (job.state === 'applied') continue;
    const run = runOf(registry, job);
    const reason = !run
      ? job.id
        ? WAITING_FOR_DAMAGED_RUN
        : // No run, so no Retry: "look up again" is the user's choice if the dashboard has no such job.
          lostStart(job) && !query.overwrite
          ? WAITING_FOR_IMPORT
          : ''
      : job.state === 'ambiguous'
        ? // Its Retry waits for an import no dashboard may give (retry.ts): "look up again" sends it.
          query.overwrite && unreadableResends(registry, job).length
          ? ''
          : WAITING_FOR_DECISION
        : run.state === 'running'
          ? WAITING_FOR_RUN
          : run.authFailed
            ? WAITING_FOR_KEY
            : '';
    // What the job still asks: a contact answered early is saved, and one a Retry resent in a job of
    // its own (rows of the first start deleted: finding 46) is that job's, consent given, as a
    // retry that splits nothing hands all of them over (chaos seed 19: held for good).
    if (reason) unanswered(job).forEach((fp) => busy.set(fp, reason));
  }
  return busy;
}

/**
 * Once a job a lost start's last Retry went in (`resentIn`, and the `resentJobs` after it: one per
 * set of fields its contacts lacked) cannot be read (record or list), the jobs of its run no one can
 * read from that one on: any later one may be a Retry of it, whose Retry it may have carried in turn
 * (chaos seed 70: the advice named the first, and the user bought again what the next one had). One
 * unrelated to it only delays a "look up again" until it is imported.
 */
export function unreadableResends(registry: Registry<JobBase>, job: JobBase): number[] {
  const seqs = damagedJobKeys(registry).flatMap((key) => {
    const seq = seqOfJobKey(key);
    return runOfJobKey(key) === job.run && seq >= job.resentIn! ? [seq] : [];
  });
  const last = job.resentIn! + (job.resentJobs ?? 1);
  return seqs.some((seq) => seq < last) ? seqs : [];
}

/**
 * A start whose answer was lost: no id, and it may have reached the API. A retried one keeps its
 * `sendingAt` until its next start splits its resend off into a job of its own (job-starter.ts),
 * after which it is held again, under its own name, for what has no answer yet (fuzz finding 102),
 * and its consent lives on its run: a retried job whose run record cannot be read is resent by
 * nothing, so it is the lost start again, held until the user imports it by its id (fuzz finding
 * 30). No new state: `sendingAt` already says it.
 */
export const lostStart = (job: JobBase): boolean =>
  !job.id &&
  (job.state === 'ambiguous' || job.state === 'sending' || (job.state === 'queued' && !!job.sendingAt));

/**
 * The contacts a start of this job asks for: those without an answer. A job sent again (a retry of
 * a stuck job) keeps the answers a forced fetch saved while it ran (`earlyFetched`): they are paid,
 * written and counted, and never bought again. Its price counts only these (retry.ts). A retry
 * that resent some of them in a job of their own marks those so too (job-starter.ts).
 */
export function unanswered(job: JobBase & { fingerprints: readonly string[] }): string[] {
  const early = new Set(job.earlyFetched);
  return job.fingerprints.filter((_, index) => !early.has(index));
}

/** A run still working (running, or stopped by a refused key, to resume). */
const inFlight = (run: RunRecord): boolean => run.state === 'running' || !!run.authFailed;

/**
 * Jobs no one can read (their list lost, with or without their record; a damaged record whose list
 * the job sheet still has is in `busy`): the runs they belong to, and whether one lost its run too:
 * then not even its kind is known, until a poll gives it a run again (rehome.ts: a listless job
 * with an id) or, its record lost as well, until the user imports it or looks its rows up again
 * (fuzz finding 43: its rows' "pending" was all that was left of it).
 */
function hidden(registry: Registry): { runs: RunRecord[]; runless: boolean } {
  // A job whose record says it never left (queued, no id, no start marker) hides no purchase, even
  // with its list and run record lost: holding everything for it blocked its rows for good, since
  // it can neither be sent (its contacts are unknown) nor imported (fuzz finding 49).
  const listless = registry.listless ?? [];
  const neverSent = new Set(
    listless
      .filter((job) => job.state === 'queued' && !job.id && !job.sendingAt)
      .map((job) => `${job.run}.${job.seq}`),
  );
  const ids = new Set(
    damagedJobKeys(registry)
      .filter((key) => !registry.damagedJobLists?.has(key) && !neverSent.has(key))
      .map(runOfJobKey),
  );
  const runless =
    listless.some(
      (job) =>
        !registry.runs.has(job.run) && !!job.id && (job.state === 'pending' || job.state === 'fetched'),
    ) || registry.unreadable.some(({ key }) => [...ids].some((id) => key === runKey({ id })));
  return { runs: [...registry.runs.values()].filter((run) => ids.has(run.id)), runless };
}

/**
 * A row of an ended run hiding a job: its Status says it may have been bought, or it still reads
 * "pending": no job of that run answers for it, and an end cut short may not have written the
 * damaged run's words yet (fuzz seed 45003). A plan replaces such a "pending" only with words that
 * hold by themselves (`replacingPending`).
 */
const endedRowHeld = (status: string): boolean => rowMayHaveBeenBought(status) || status === STATUS.pending;

/**
 * What ended sheet runs hiding a job may have bought, as their sheets' rows still say (the words of
 * `rowMayHaveBeenBought`, written when such a run ended): for the planners no such Status reaches,
 * formulas, another sheet, the CLI (fuzz finding 41). One Range read per such run's sheet.
 */
function heldBySheetRows(ctx: AppContext, runs: readonly RunRecord[]): Set<string> {
  const held = new Set<string>();
  for (const { table, kind, rows: byFp } of runSheetRows(ctx, runs))
    for (const [fp, rows] of byFp)
      if (rows.some((row) => endedRowHeld(outputCell(table, kind, 'status', row)))) held.add(fp);
  return held;
}

/**
 * "May this contact be sent?", for every planner (sidebar, schedule, formulas, CLI): the returned
 * function tells why a contact (and its row's Status, when it has a row) is not sent; undefined: it
 * may be. Held are the contacts readable jobs may have bought (mayHaveBeenBought), and what a job
 * that cannot be read might cover, until it is read again or the user chooses ("look up again" of
 * the fields its run asked): while its run is in flight, every contact of its kind, on any sheet
 * and in any formula (which rows it carries, no one knows); once its run ended, what that run's
 * source says it may have sent (`mayHold`: formula requests queued before it), and rows whose
 * Status says they may be bought unless a saved answer fills them for free: a Status is screen
 * state, and the answer (a damaged job's, imported while its rows could not be matched) is money
 * state (chaos finding 29).
 */
export function sendRule(
  ctx: AppContext,
  registry: Registry,
  query: SendQuery,
): (fp: string, rowStatus?: string) => string | undefined {
  const busy = mayHaveBeenBought(registry, query);
  const again = asksAgain(query, undefined);
  const { runs, runless } = hidden(registry);
  const hiding = runs.filter((run) => run.kind === query.kind && !asksEveryField(query, run));
  const holdAll = (runless && !again) || hiding.some(inFlight);
  const ended = hiding.filter((run) => !inFlight(run));
  // With no ended run both read nothing (the formulas' hook returns at once).
  const mayHold = new Set(ctx.sources.flatMap((source) => [...(source.mayHold?.(ctx, ended) ?? [])]));
  const rowHeld = heldBySheetRows(ctx, ended);
  // A row held by its Status is filled free only with the fields the ended runs hiding a job asked
  // too (a job asks its run's, or fewer): the fill replaces that Status, all that holds them
  // (fuzz finding 73: a saved work email filled the row, and its next run bought the phone again).
  const asked = { ...query, fields: ended.flatMap((run) => run.fields).concat(query.fields ?? []) };
  return (fp, rowStatus = '') =>
    busy.get(fp) ??
    (holdAll
      ? WAITING_FOR_HIDDEN_JOB
      : mayHold.has(fp)
        ? WAITING_FOR_DAMAGED_JOB
        : fillsFree(asked, fp)
          ? undefined
          : query.lost?.has(fp) && !again
            ? ANSWER_UNREADABLE
            : rowMayHaveBeenBought(rowStatus) && !again
              ? rowStatus
              : rowHeld.has(fp)
                ? WAITING_FOR_DAMAGED_JOB
                : undefined);
}

/**
 * Row statuses that say the row may have been bought although no answer was saved: the job's
 * record was damaged, its start's answer was lost, or its results could not be fetched. Only
 * "look up again" sends such a row, even when no job claims it any more.
 */
const MAYBE_BOUGHT_STATUSES: ReadonlySet<string> = new Set([
  STATUS.damagedJob,
  STATUS.ambiguous,
  STATUS.unfetched,
]);

export const rowMayHaveBeenBought = (status: string): boolean => MAYBE_BOUGHT_STATUSES.has(status);

/**
 * A job that may hold paid answers and cannot be collected on our own (its start's answer lost,
 * its results refused to the key that started it even when forced): it stays "may have been
 * bought" until the user imports it by id or retries it. `problem` says why, in plain words.
 */
export function holdAsMaybeBought(job: JobRecord, problem: string): void {
  moveJob(job, 'ambiguous', { unansweredStatus: job.id ? STATUS.unfetched : STATUS.ambiguous, problem });
}

/**
 * What a resend of a job's contact asks (a Retry, issue 38: "every resend asks for what has no
 * answer"): undefined when an answer saved since its start covers the job's fields, else the
 * fields that answer lacks, all of them without one (a reverse lookup's none: all it asks). A
 * resend of every field past a saved work email bought it twice (fuzz seed 68001).
 */
export function fieldsToResend(
  entry: LedgerEntry | undefined,
  job: JobBase,
  run: RunRecord,
): EnrichField[] | undefined {
  const saved = entry && entry.at >= (job.startedAt ?? job.sendingAt ?? 0) ? entry : undefined;
  const fields = job.fields ?? run.fields;
  return entryCovers(saved, fields) ? undefined : fieldsLacking(saved, fields);
}

/** Marks these indexes of a job's contacts answered early (written, or left to another job). */
export function markEarly(job: JobBase, indexes: readonly number[]): void {
  const ordered = (marked: number[] = []) => [...marked, ...indexes].sort((a, b) => a - b);
  job.earlyFetched = ordered(job.earlyFetched);
  job.earlyApplied = ordered(job.earlyApplied);
}

/**
 * The contacts of lost starts that `answers` answer (a Retry's resend, a job of its own: job-starter.ts)
 * are answered early, their rows the resend's; a lost start left asking nothing is closed. Returns
 * the jobs changed. What a resend left unanswered (out of credits) its lost start still holds.
 */
export const answeredLostStarts = (
  registry: Registry,
  answers: ReadonlyMap<string, LedgerEntry>,
): JobRecord[] =>
  registry.jobs.filter((job) => {
    const run = runOf(registry, job);
    const lost = run && job.state === 'ambiguous' && !job.id ? job.fingerprints : [];
    const now = lost.flatMap((fp, index) =>
      !job.earlyFetched?.includes(index) && entryCovers(answers.get(fp), job.fields ?? run!.fields)
        ? [index]
        : [],
    );
    if (now.length) markEarly(job, now);
    if (now.length && !unanswered(job).length) moveJob(job, 'applied', {});
    return now.length > 0;
  });

/**
 * A job closed with its rows unanswered, for an exit that proves nothing more was bought: the
 * starting key's 404, a start the API certainly refused, a cancel before sending, or the rest of a
 * job whose answers were fetched (forced, if it never finished). `status` is its rows' Status.
 */
export function closeUnbought(job: JobRecord, status: string): void {
  moveJob(job, 'fetched', { unansweredStatus: status });
}
