/**
 * A job needs its run to be polled and applied: the run names the sheet, the columns, the kind and
 * the fields. When the run's record cannot be read (not JSON, a newer version, an unknown state)
 * its started jobs would hide paid answers. Damage never hides work in flight (docs/money-rule.md):
 * such a job is given a run again, built from its own results (each item carries the sheet and
 * fingerprint it was sent with), exactly as "Import a job by its id" does for a job the Jobs list
 * lost. The damaged record itself stays in the store, reported, never overwritten.
 */
import { ENRICH_FIELDS, FIELD_TABLE, type EnrichField } from '../domain/fields';
import type { JobResult } from '../domain/model';
import type { JobKind } from '../domain/runs';
import { UserError } from '../domain/user-error';
import { isKeyProblem } from '../api/failures';
import type { EnrichmentApi } from '../api/port';
import { readSheetTable } from '../sheet/table';
import { resolveMapping } from '../store/mapping-store';
import {
  deleteJobRecords,
  saveJobFingerprints,
  type JobRecord,
  type JobSummary,
  type Registry,
  type RunRecord,
} from '../store/registry';
import { actorOf } from './team';
import { awaitsRehome } from './relist';
import { saveRecordsOf, type AppContext } from './context';
import { runSources } from './run-sources';
import { newRun } from './run-launch';
import { hasTime } from './timing';
import { closeUnbought } from './paid-once';
import { STATUS } from '../domain/statuses';

/**
 * The fields a job whose run record was lost is known to have asked for: those its answers hold (the API
 * does not echo what was asked). A field it found nothing for is recorded as nothing, never as "not
 * found": the ledger must not say a field was looked up when it may not have been.
 */
function fieldsFound(result: JobResult): EnrichField[] {
  return ENRICH_FIELDS.filter((field) => {
    const slot = FIELD_TABLE[field].slot;
    return result.items.some((item) => item[slot] ?? item[`${slot}s`][0]);
  });
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
  const rowless = runSources()
    .map((source) => source.rowless?.(sheetId))
    .find((origin) => origin !== undefined);
  const sheet = rowless ? undefined : ctx.spreadsheet.sheetById(sheetId);
  if (!rowless && !sheet)
    throw new UserError(`The sheet of the job ${jobId} is no longer in this spreadsheet.`);
  const origin = sheet
    ? {
        sheetId,
        sheetName: sheet.name(),
        mapping: resolveMapping(ctx.documentStore, readSheetTable(sheet), kind),
      }
    : rowless!;
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
 * The job's forced result (what it found so far), by trying both kinds; 'gone' when both answer 404;
 * undefined when it cannot be told now.
 */
function forcedResult(
  api: EnrichmentApi,
  id: string,
): { kind: JobKind; result: JobResult } | 'gone' | undefined {
  for (const kind of ['enrich', 'reverse'] as const) {
    const [outcome] = api.fetchResults([{ id, kind }], { forceResults: true });
    if (outcome?.kind === 'result') return { kind, result: outcome.result };
    if (outcome?.kind !== 'error' || outcome.error.status !== 404) return undefined;
  }
  return 'gone';
}

/**
 * Started jobs whose run record cannot be read get a run of their own (built from their results),
 * so the usual poll collects and applies them. Only the key that started a job (or one of its
 * workspace) asks for it. Call under the lock, before the poll.
 */
export function rehomeOrphanedJobs(ctx: AppContext, registry: Registry): void {
  const actor = actorOf(ctx);
  // A job whose list is lost too (listless) gets its list from the same results.
  const orphans: (JobRecord | JobSummary)[] = [...registry.jobs, ...(registry.listless ?? [])].filter((job) =>
    awaitsRehome(registry, actor, job),
  );
  if (orphans.length === 0) return;
  let api: EnrichmentApi;
  try {
    api = ctx.api();
  } catch (error) {
    if (isKeyProblem(error)) return;
    throw error;
  }
  for (const job of orphans) {
    if (!hasTime(ctx)) return;
    // Re-homed already by an execution cut short before it deleted the old record.
    if (registry.jobs.some((other) => other !== job && other.id === job.id && registry.runs.has(other.run))) {
      drop(ctx, registry, job);
      continue;
    }
    const found = forcedResult(api, job.id!);
    if (found === 'gone' && job.keyId === actor.keyId) {
      // The key that started it gets a 404: nothing of it was bought (paid-once.ts), and with no
      // run to write its rows, it is done with (one with no list: nothing left to mark).
      if (!('fingerprints' in job)) {
        drop(ctx, registry, job);
        continue;
      }
      closeUnbought(job, STATUS.jobNotFound);
      job.state = 'applied';
      saveRecordsOf(ctx, [], [job]);
      continue;
    }
    if (!found || found === 'gone') continue;
    let built: ReturnType<typeof runFromResult>;
    try {
      built = runFromResult(ctx, found.kind, found.result, job.id!);
    } catch (error) {
      if (error instanceof UserError) continue;
      throw error;
    }
    const { run } = built;
    // A lost list is taken from the results only when they name as many contacts as were sent.
    const fingerprints = 'fingerprints' in job ? job.fingerprints : built.fingerprints;
    if (!('fingerprints' in job) && fingerprints.length !== job.contacts) continue;
    if (run.kind === 'enrich' && job.fields) run.fields = job.fields;
    run.sent = fingerprints.length;
    const { contacts: _count, ...base } = job as JobSummary;
    const moved: JobRecord = {
      ...base,
      fingerprints,
      run: run.id,
      seq: 0,
      state: 'pending',
      rows: `job ${job.id}`,
    };
    delete moved.fingerprintsInline;
    registry.runs.set(run.id, run);
    registry.jobs.push(moved);
    // The new records first, then the old one goes: killed in between, the check above drops it.
    saveJobFingerprints(ctx.spreadsheet, registry, [moved]);
    saveRecordsOf(ctx, [run], [moved]);
    drop(ctx, registry, job);
    ctx.log.warn(`A job of the unreadable run record ${job.run} is collected as run ${run.id}.`);
  }
}

function drop(ctx: AppContext, registry: Registry, job: JobRecord | JobSummary): void {
  deleteJobRecords(ctx.documentStore, [job]);
  registry.jobs = registry.jobs.filter((other) => other !== job);
  registry.listless = registry.listless?.filter((other) => other !== job);
}
