/**
 * Jobs the registry cannot fully read, collected again from their own results. A job needs its run
 * (the sheet, the columns, the kind) and its list of contacts (which rows its answers fill). When
 * either is damaged (a run record not JSON, of a newer version, of an unknown state; a list cell in
 * the hidden job sheet edited or deleted), a started job would hide paid answers. Damage never hides
 * work in flight (docs/money-rule.md): the job's results carry the sheet and fingerprint each
 * contact was sent with (`custom`), so the key that started it (or one of its workspace) asks for
 * them (forced: what the job found so far, and every contact it carries), and
 * - a job whose run record is lost gets a run of its own, as "Import a job by its id" makes one;
 * - a job whose list is lost gets it back when its results name as many distinct fingerprints as
 *   its record counts; the usual poll then collects it. One whose results cannot tell its list
 *   leaves the fallback: its run ends "failed", its rows say "job record damaged" (run-end.ts).
 * A damaged record itself stays in the store, reported, never overwritten.
 */
import { ENRICH_FIELDS, FIELD_TABLE, type EnrichField } from '../domain/fields';
import type { JobResult } from '../domain/model';
import type { JobKind } from '../domain/runs';
import { UserError } from '../domain/user-error';
import { isKeyProblem } from '../api/failures';
import type { EnrichmentApi } from '../api/port';
import type { SheetPort } from '../platform/ports';
import { isFingerprint } from '../sheet/fingerprint';
import { readSheetTable } from '../sheet/table';
import { headersOf, resolveMapping } from '../store/mapping-store';
import {
  deleteJobRecords,
  moveJob,
  relist,
  saveJobFingerprints,
  type JobBase,
  type JobRecord,
  type JobSummary,
  type Registry,
  type RunRecord,
} from '../store/registry';
import { actorOf, workspaceForSharing, type Actor } from './team';
import { saveRecordsOf, type AppContext } from './context';
import { newRun } from './run-launch';
import { hasTime, JOB_GIVE_UP_MS, POLL_BATCH_SIZE } from './timing';
import { closeUnbought } from './paid-once';
import { awaitsCollection, listMayComeBack, startedWithKeyOf } from './collection';
import { STATUS } from '../domain/statuses';
import { REST_STATUS } from './row-status';

/**
 * The fields a job imported with no record is known to have asked for: those its answers hold (the
 * API does not echo what was asked). A field it found nothing for is recorded as nothing, never as
 * "not found": the ledger must not say a field was looked up when it may not have been. A job with
 * a record knows its fields (run-launch.ts).
 */
function fieldsFound(result: JobResult): EnrichField[] {
  return ENRICH_FIELDS.filter((field) => {
    const slot = FIELD_TABLE[field].slot;
    return result.items.some((item) => item[slot] ?? item[`${slot}s`][0]);
  });
}

/**
 * Where a run of this sheet finds its rows: the mapping, with the headers its columns have now, so
 * that answers written later find their rows wherever the columns moved since, as a started run's
 * do (run-columns.ts). By numbers alone, a column inserted before the answers came left every row
 * unmatched, its paid answers in the ledger only, under "job record damaged" (chaos finding 29).
 */
function sheetOrigin(ctx: AppContext, sheet: SheetPort, kind: JobKind) {
  const table = readSheetTable(sheet);
  const mapping = resolveMapping(ctx.documentStore, table, kind);
  return { sheetId: sheet.id(), sheetName: sheet.name(), mapping, mappingHeaders: headersOf(table, mapping) };
}

/**
 * A running run for a job the registry lost, from what its results say: the sheet (or the formula
 * queue, for a formula run's job) and the fields. Throws a UserError when they cannot tell.
 */
export function runFromResult(
  ctx: AppContext,
  kind: JobKind,
  result: JobResult,
  jobId: string,
): { run: RunRecord; fingerprints: string[] } {
  const ours = result.items.filter((item) => item.custom.fp && item.custom.sheetId);
  if (ours.length === 0)
    throw new UserError(
      `The job ${jobId} was not started by Sheet Enrich: its contacts carry no row identity.`,
    );
  const sheetId = Number(ours[0]!.custom.sheetId);
  // A formula run's jobs carry no sheet: their answers go to the ledger and the formula queue.
  const rowless = ctx.sources
    .map((source) => source.rowless?.(sheetId))
    .find((origin) => origin !== undefined);
  const sheet = rowless ? undefined : ctx.spreadsheet.sheetById(sheetId);
  if (!rowless && !sheet)
    throw new UserError(`The sheet of the job ${jobId} is no longer in this spreadsheet.`);
  const origin = sheet ? sheetOrigin(ctx, sheet, kind) : rowless!;
  const fingerprints = [...new Set(ours.map((item) => item.custom.fp!))];
  // Nothing is sent: the run is the job's, running until its answers are written.
  const run: RunRecord = {
    ...newRun(ctx, kind, kind === 'reverse' ? [] : fieldsFound(result), [], {
      ...origin,
      overwrite: false,
      fromLedger: 0,
      // The log's "Rows in scope": the contacts the imported job carries (its rows are not known).
      rowsInScope: fingerprints.length,
    }),
    state: 'running',
    jobs: 1,
    sent: fingerprints.length,
  };
  return { run, fingerprints };
}

/**
 * Listless jobs whose results were read in this execution and cannot give their list: their run
 * need not wait any longer (an execution's registry is its own, so a set of its objects will do).
 */
const unrelistable = new WeakSet<JobBase>();

/** Past this age a job whose list cannot come back no longer keeps its run waiting. */
const pastGiveUp = (job: JobBase, now: number): boolean =>
  !job.startedAt || now - job.startedAt > JOB_GIVE_UP_MS;

/**
 * Runs waiting for a job's list to come back: a listless job's run must not end "failed" while
 * the job may still give its list (its contacts stay held back meanwhile, paid-once.ts sendRule).
 * Only an execution that asked for its results gives up on it (collect): a teammate's poll, whose
 * key cannot read it, ended its run a day after its start, and its answers were never collected.
 */
export function runsAwaitingRelist(registry: Registry): Set<string> {
  return new Set(
    (registry.listless ?? [])
      .filter((job) => listMayComeBack(registry, job) && !unrelistable.has(job))
      .map((job) => job.run),
  );
}

/**
 * The list a result gives its job: every item (read or not) carries a fingerprint-shaped `custom.fp`,
 * and they are as many distinct ones as the record counts. Anything less is no list: a contact
 * missing from it would look never bought.
 */
function listFromResult(result: JobResult, contacts: number): string[] | undefined {
  const fps = [...result.items, ...result.rejected].map((item) => item.custom.fp ?? '');
  if (!fps.every(isFingerprint)) return undefined;
  const list = [...new Set(fps)];
  return list.length === contacts ? list : undefined;
}

type Found = { kind: JobKind; result: JobResult } | 'gone' | undefined;

/**
 * Each job's forced result (what it found so far, every contact listed), one batch per kind: of its
 * run's kind, or by trying both; 'gone' when each answers 404; undefined when it cannot be told now.
 */
function forcedResults(api: EnrichmentApi, registry: Registry, jobs: readonly JobBase[]): Found[] {
  const kindOf = (index: number) => registry.runs.get(jobs[index]!.run)?.kind;
  const found: Found[] = jobs.map(() => 'gone');
  /** Jobs whose kind no run tells that answered 404 as an enrichment: asked as a reverse lookup. */
  let other: number[] = [];
  for (const kind of ['enrich', 'reverse'] as const) {
    const asked = jobs
      .map((_, index) => index)
      .filter(
        (index) => kindOf(index) === kind || (kind === 'enrich' ? !kindOf(index) : other.includes(index)),
      );
    if (asked.length === 0) continue;
    const outcomes = api.fetchResults(
      asked.map((index) => ({ id: jobs[index]!.id!, kind })),
      { forceResults: true },
    );
    other = [];
    asked.forEach((index, at) => {
      const outcome = outcomes[at];
      if (outcome?.kind === 'result') found[index] = { kind, result: outcome.result };
      else if (outcome?.kind !== 'error' || outcome.error.status !== 404) found[index] = undefined;
      else if (!kindOf(index)) other.push(index);
    });
  }
  return found;
}

/**
 * Started jobs whose run record or list cannot be read get them back from their results, so the
 * usual poll collects and applies them. Call under the lock, before the poll.
 */
export function collectUnreadJobs(ctx: AppContext, registry: Registry): void {
  const actor = actorOf(ctx);
  const listless = registry.listless ?? [];
  if (listless.some((job) => job.workspace && !startedWithKeyOf(actor, job))) workspaceForSharing(ctx, actor);
  const orphans = [...registry.jobs, ...listless].filter(
    (job) => awaitsCollection(registry, actor, job) && !unrelistable.has(job),
  );
  if (orphans.length === 0) return;
  let api: EnrichmentApi;
  try {
    api = ctx.api();
  } catch (error) {
    if (isKeyProblem(error)) return;
    throw error;
  }
  for (let start = 0; start < orphans.length; start += POLL_BATCH_SIZE) {
    if (!hasTime(ctx)) return;
    const batch = orphans.slice(start, start + POLL_BATCH_SIZE);
    const found = forcedResults(api, registry, batch);
    batch.forEach((job, index) => collect(ctx, registry, actor, job, found[index]));
  }
}

/** A job's run or list from its forced result (`found`). */
function collect(
  ctx: AppContext,
  registry: Registry,
  actor: Actor,
  job: JobRecord | JobSummary,
  found: Found,
): void {
  const run = registry.runs.get(job.run);
  // Re-homed already by an execution cut short before it deleted the old record.
  if (
    !run &&
    registry.jobs.some((other) => other !== job && other.id === job.id && registry.runs.has(other.run))
  )
    return drop(ctx, registry, job);
  if (found === 'gone' && !run && job.keyId === actor.keyId) {
    // The key that started it gets a 404: nothing of it was bought (paid-once.ts), and with no run
    // to write its rows, it is done with (one with no list: nothing left to mark).
    if (!('fingerprints' in job)) return drop(ctx, registry, job);
    closeUnbought(job, STATUS.jobNotFound);
    moveJob(job, 'applied', {});
    return saveRecordsOf(ctx, [], [job]);
  }
  if (!found || found === 'gone') {
    // Nothing read now (an error, or a 404): past its time, its run no longer waits for its list.
    if (pastGiveUp(job, ctx.clock.now())) unrelistable.add(job);
    return;
  }
  const list = 'fingerprints' in job ? job.fingerprints : listFromResult(found.result, job.contacts);
  if (!list) {
    // What a job still at work found so far may not list every contact: it is asked again, until
    // it is done or past JOB_GIVE_UP_MS (its run then ends "failed", run-end.ts).
    if (REST_STATUS[found.result.status] === undefined && !pastGiveUp(job, ctx.clock.now())) return;
    unrelistable.add(job);
    ctx.log.warn(
      `The job ${job.id} lost its list of contacts and its results cannot tell it: import it by its id.`,
    );
  } else if (run) writeBack(ctx, registry, job as JobSummary, list);
  else rehome(ctx, registry, job, found, list);
}

/**
 * A readable job's list of contacts, lost, written back from its results (an import by its id, as
 * its Import says: recovery.ts). Returns its run and place; undefined when its results cannot tell it.
 */
export function relistHeld(
  ctx: AppContext,
  registry: Registry,
  jobId: string,
  result: JobResult,
): { runId: string; seq: number; job: JobRecord } | undefined {
  const job = registry.listless?.find((held) => held.id === jobId);
  const list = job && listFromResult(result, job.contacts);
  if (!list) return undefined;
  return { runId: job.run, seq: job.seq, job: writeBack(ctx, registry, job, list) };
}

/** The list first, then the record (an inline list it carried goes): killed between, the list is read. */
function writeBack(ctx: AppContext, registry: Registry, job: JobSummary, list: string[]): JobRecord {
  const record = relist(registry, job, list);
  delete record.nextPollAt;
  saveJobFingerprints(ctx.spreadsheet, registry, [record]);
  saveRecordsOf(ctx, [], [record]);
  ctx.log.warn(`The list of contacts of job ${job.id} (run ${job.run}) was written back from its results.`);
  return record;
}

/** A job of an unreadable run record moves to a run of its own, built from its results. */
function rehome(
  ctx: AppContext,
  registry: Registry,
  job: JobRecord | JobSummary,
  found: { kind: JobKind; result: JobResult },
  fingerprints: string[],
): void {
  let run: RunRecord;
  try {
    ({ run } = runFromResult(ctx, found.kind, found.result, job.id!));
  } catch (error) {
    if (error instanceof UserError) return;
    throw error;
  }
  // What the job asked, as its record says (run-launch.ts): never what its partial results hold.
  if (run.kind === 'enrich' && job.fields) run.fields = job.fields;
  run.sent = fingerprints.length;
  const { contacts: _count, ...base } = job as JobSummary;
  const moved: JobRecord = { ...base, fingerprints, run: run.id, seq: 0, rows: `job ${job.id}` };
  moveJob(moved, 'pending', {});
  delete moved.fingerprintsInline;
  registry.runs.set(run.id, run);
  registry.jobs.push(moved);
  // The new records first, then the old one goes: killed in between, collectUnreadJobs drops it.
  saveJobFingerprints(ctx.spreadsheet, registry, [moved]);
  saveRecordsOf(ctx, [run], [moved]);
  drop(ctx, registry, job);
  ctx.log.warn(`A job of the unreadable run record ${job.run} is collected as run ${run.id}.`);
}

function drop(ctx: AppContext, registry: Registry, job: JobRecord | JobSummary): void {
  deleteJobRecords(ctx.documentStore, [job]);
  registry.jobs = registry.jobs.filter((other) => other !== job);
  registry.listless = registry.listless?.filter((other) => other !== job);
}
