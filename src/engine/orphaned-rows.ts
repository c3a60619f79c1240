/**
 * The words of rows no job answers (apply.ts writes the answers): rows still "pending" when no job
 * waits for them any more, and rows another record holds as "may have been bought" (a damaged job's
 * list, a lost start, a job whose run record cannot be read), which must say so and name the way out.
 */
import type { JobKind } from '../domain/runs';
import { STATUS } from '../domain/statuses';
import { outputKeysFor } from '../sheet/output-columns';
import { outputCell, type SheetTable } from '../sheet/table';
import { writeRowOutputs, type RowOutput } from '../sheet/writer';
import { resolveMapping } from '../store/mapping-store';
import { runsWithDamagedJobs, type JobRecord, type Registry, type RunRecord } from '../store/registry';
import type { AppContext } from './context';
import { unanswered } from './paid-once';
import { runsAwaitingRelist } from './rehome';
import { statusOnly } from './row-status';
import { currentColumns } from './run-columns';
import { SheetTables } from './sheet-tables';

/**
 * The Status of each contact another record holds as "may have been bought" (paid-once.ts): the
 * list of a damaged job record (an import puts its job back in its place: recovery.ts), and
 * ambiguous jobs. A row of theirs some other job leaves unanswered says that hold and its way out:
 * its own words ("out of credits") would have no plan send it again, and say nothing of why.
 */
export function holdsOnRows(registry: Registry): Map<string, string> {
  const held = new Map<string, string>();
  for (const list of registry.damagedJobLists?.values() ?? [])
    for (const fp of list) held.set(fp, STATUS.damagedJob);
  for (const job of registry.jobs)
    if (job.state === 'ambiguous' && job.unansweredStatus)
      for (const fp of unanswered(job)) held.set(fp, job.unansweredStatus);
  return held;
}

/**
 * Rows still saying "pending" that no job waits for any more (their inputs were edited, or a column
 * they were matched by changed, while the run worked) get a status that says so: no row stays
 * "pending" after its run ended. A job waits for a row while it is not applied and its run is
 * running, stopped for a key, or the job is ambiguous. While a run of the sheet waits for a job's
 * lost list to come back (rehome.ts), any "pending" row may be that job's: none is marked yet.
 */
export function markOrphanedRows(
  ctx: AppContext,
  table: SheetTable,
  tables: SheetTables,
  registry: Registry,
  sheetId: number,
  kind: JobKind,
  outputs: Map<number, RowOutput>,
  written: readonly number[] = [],
): void {
  const runs = [...registry.runs.values()].filter((run) => run.sheetId === sheetId && run.kind === kind);
  const awaiting = runsAwaitingRelist(registry);
  if (runs.some((run) => awaiting.has(run.id))) return;
  const waiting = runs.filter((run) => run.state === 'running' || run.authFailed);
  // A run of this sheet lost a job's record: a "pending" row no readable job claims is most likely
  // that job's, paid for perhaps. It must not read as "run this row again".
  const damaged = runsWithDamagedJobs(registry);
  const damagedStatus = runs.some((run) => damaged.has(run.id)) ? STATUS.damagedJob : undefined;
  const busyRows = new Set(written);
  const heldRows = runlessJobRows(ctx, table, tables, registry, kind, busyRows);
  let columnsChanged = false;
  // A row saying "may have been started" whose ambiguous job is gone was most likely the damaged
  // job's: left as it is, a new run would send (and pay) it again. Rows of readable ambiguous jobs
  // (of ended runs too) keep their status.
  let ambiguousUnknown = false;
  for (const run of damagedStatus ? runs : waiting) {
    const runWaits = waiting.includes(run);
    const claimed = registry.jobs.filter(
      (job) => job.run === run.id && job.state !== 'applied' && (runWaits || job.state === 'ambiguous'),
    );
    const fps = new Set(claimed.flatMap((job) => job.fingerprints));
    if (fps.size === 0 && !runWaits) continue;
    const columns = currentColumns(run, table);
    if (columns.missing.length) {
      if (runWaits) columnsChanged = true;
      else ambiguousUnknown = true;
      continue;
    }
    for (const [fp, rows] of tables.rows(table, kind, columns.mapping))
      if (fps.has(fp)) rows.forEach((row) => busyRows.add(row));
  }
  for (let row = table.headerRow + 1; row <= table.values.length; row++) {
    if (outputs.has(row) || busyRows.has(row)) continue;
    const status = outputCell(table, kind, 'status', row);
    const held = heldRows.get(row);
    // (A held row with no Status gets the hold's words from the start of a run of it: plan.ts.)
    if (held && status === STATUS.pending) outputs.set(row, statusOnly(held.status));
    // A runless job's rows keep their Status; another hold's go on to the damaged run's words.
    else if (held?.runless) continue;
    else if (status === STATUS.ambiguous && damagedStatus && !ambiguousUnknown)
      outputs.set(row, statusOnly(damagedStatus));
    else if (status === STATUS.pending)
      outputs.set(
        row,
        statusOnly(damagedStatus ?? (columnsChanged ? STATUS.columnsChanged : STATUS.inputsChanged)),
      );
  }
}

/**
 * Rows of jobs whose run record cannot be read: such a job still holds its contacts (paid-once.ts),
 * so its rows, found with the sheet's saved columns, are never "run this row again". Those of a job
 * still collected stay busy; those of a start whose answer was lost get its Status (returned), and
 * so do those another record holds (holdsOnRows), whatever run it was: a formula run's has no rows.
 */
function runlessJobRows(
  ctx: AppContext,
  table: SheetTable,
  tables: SheetTables,
  registry: Registry,
  kind: JobKind,
  busyRows: Set<number>,
): Map<number, { status: string; runless: boolean }> {
  const held = new Map<number, { status: string; runless: boolean }>();
  const jobs = new Map<string, JobRecord>();
  for (const job of registry.jobs)
    if (job.state !== 'applied' && !registry.runs.has(job.run))
      for (const fp of job.fingerprints) jobs.set(fp, job);
  const holds = holdsOnRows(registry);
  if (jobs.size === 0 && holds.size === 0) return held;
  for (const [fp, rows] of tables.rows(table, kind, resolveMapping(ctx.documentStore, table, kind))) {
    const job = jobs.get(fp);
    const hold = !job
      ? holds.get(fp)
      : job.state === 'ambiguous'
        ? (job.unansweredStatus ?? STATUS.ambiguous)
        : '';
    for (const row of rows)
      if (hold) held.set(row, { status: hold, runless: !!job });
      else if (job) busyRows.add(row);
  }
  return held;
}

/** The rows of runs that ended with a damaged job say so (see markOrphanedRows): one write per sheet. */
export function markRowsOfDamagedRuns(ctx: AppContext, registry: Registry, runs: readonly RunRecord[]): void {
  const tables = new SheetTables(ctx.spreadsheet);
  for (const run of runs) {
    const table = tables.table(run.sheetId);
    if (!table) continue;
    const outputs = new Map<number, RowOutput>();
    markOrphanedRows(ctx, table, tables, registry, run.sheetId, run.kind, outputs);
    writeRowOutputs(table, run.kind, outputs, false, outputKeysFor(run.kind, run.fields, run.mapping));
  }
}
