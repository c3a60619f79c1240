/**
 * Writing fetched answers into their rows. Rows are found by fingerprint, never by row number: the
 * table is read once per execution (SheetTables), every row's inputs are fingerprinted with the run's
 * mapping, and an answer goes to the rows whose inputs still match. An answer with no matching row
 * stays in the ledger and is counted as unmatched.
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import { isFinalStatus, outputKeysFor, type OutputKey } from '../sheet/output-columns';
import { filledProfileKeys, writeRowOutputs, type RowOutput } from '../sheet/writer';
import { runOf, saveRecordsOf, type AppContext } from './context';
import { type Ledger } from '../store/ledger';
import { entryCovers, entryKnewMore } from '../store/ledger-entry';
import { inIndexSet, moveJob, type JobRecord, type Registry, type RunRecord } from '../store/registry';
import {
  answerUnshown,
  countFound,
  rewrittenRow,
  rowOutputFromEntry,
  mayWipeLostAnswer,
  statusOnly,
} from './row-status';
import { STATUS } from '../domain/statuses';
import { currentColumns, missingColumnsMessage } from './run-columns';
import { SheetTables } from './sheet-tables';
import { kept } from '../domain/objects';
import { hasTime } from './timing';
import { holdsOnRows, markOrphanedRows } from './orphaned-rows';
import { SHEET_REFUSAL_PREFIX, SheetRefusal } from '../domain/user-error';
import { undoRecorder } from '../store/undo-record';

/** The rows of one kind written in one go, and the columns they need. */
interface Write {
  kind: JobKind;
  overwrite: boolean;
  outputs: Map<number, RowOutput>;
  keys: Set<OutputKey>;
  /** The fields of its runs: a row two of them answer shows both (finding 83). */
  fields: Set<EnrichField>;
}

/**
 * Applies every fetched job, one sheet at a time (one table read, one block write per kind),
 * then marks them applied with their counts in one registry write. Re-applying a job whose rows
 * were written before an execution was cut short writes nothing new: the rows' Status is final.
 */
export function applyFetchedJobs(
  ctx: AppContext,
  registry: Registry,
  ledger: Ledger,
  tables: SheetTables = new SheetTables(ctx.spreadsheet),
): void {
  const fetched = registry.jobs.filter(
    (job) =>
      (job.state === 'fetched' ||
        (job.state === 'ambiguous' && !job.rowsMarked) ||
        (job.state === 'pending' && earlyToApply(job).length > 0)) &&
      registry.runs.has(job.run),
  );
  const bySheet = new Map<number, JobRecord[]>();
  for (const job of fetched) kept(bySheet, runOf(registry, job)!.sheetId, () => []).push(job);
  for (const [sheetId, jobs] of bySheet) {
    if (!hasTime(ctx)) return;
    // The jobs and their runs as they were, to undo what an apply Sheets refused counted.
    const runs = [...new Set(jobs.map((job) => runOf(registry, job)!))];
    const copies = [...jobs, ...runs].map((record) => [record, JSON.stringify(record)] as const);
    try {
      applyToSheet(ctx, registry, ledger, tables, sheetId, jobs);
    } catch (error) {
      if (!(error instanceof SheetRefusal)) throw error;
      // Sheets refused the write (a protected output column, a size limit): nothing of it landed, so
      // the jobs stay fetched, their answers stay in the ledger, and the next poll writes them once
      // the user lifted the cause. Until then each run says why on its card and in the log.
      for (const [record, json] of copies) {
        const fields = record as Record<string, unknown>;
        for (const key of Object.keys(fields)) delete fields[key];
        Object.assign(fields, JSON.parse(json));
      }
      const message = `${error.message} The answers are saved: they are written at the next refresh once this is fixed.`;
      for (const run of runs) run.error = message;
      ctx.log.warn(message);
      saveRecordsOf(ctx, runs, []);
    }
  }
}

/** The Status of a row whose item in the results could not be read (not final: it may be run again). */
const UNREADABLE_ITEM = 'the result item could not be read';

/**
 * Indexes of a running job's contacts a forced fetch answered early that are not written yet; each
 * is written and counted once, while the job runs: its final apply skips them (earlyApplied).
 */
function earlyToApply(job: JobRecord): number[] {
  const applied = new Set(job.earlyApplied);
  return (job.earlyFetched ?? []).filter((index) => !applied.has(index));
}

function applyToSheet(
  ctx: AppContext,
  registry: Registry,
  ledger: Ledger,
  tables: SheetTables,
  sheetId: number,
  jobs: JobRecord[],
): void {
  const table = tables.table(sheetId);
  const entries = ledger.lookup(jobs.flatMap((job) => job.fingerprints));
  const writes = new Map<string, Write>();
  const timeZone = ctx.spreadsheet.timeZone();
  const touchedRuns = new Set<RunRecord>();
  const held = holdsOnRows(registry);
  for (const job of jobs) {
    const run = runOf(registry, job)!;
    const { kind, overwrite } = run;
    const columns = table?.headerRow ? currentColumns(run, table) : undefined;
    if (columns?.missing.length) run.error = missingColumnsMessage(columns.missing);
    const fpRows =
      columns && !columns.missing.length ? tables.rows(table!, kind, columns.mapping) : undefined;
    const write = kept(writes, `${kind}|${overwrite}`, () => ({
      kind,
      overwrite,
      outputs: new Map<number, RowOutput>(),
      keys: new Set<OutputKey>(),
      fields: new Set<EnrichField>(),
    }));
    // The columns of every run written together: each run's answers land in the columns it asked for.
    for (const key of outputKeysFor(kind, run.fields, run.mapping)) write.keys.add(key);
    for (const field of run.fields) write.fields.add(field);
    const asked = job.fields ?? run.fields;
    // An ambiguous job's rows only learn that they were not sent again (and why).
    const ambiguous = job.state === 'ambiguous';
    // Only the user's cancel gives a job that never started (no id) the API's CANCELED status.
    const neverSent = !job.id && job.status === 'CANCELED';
    // A job still running writes only what a forced fetch found (early); a closed one skips those.
    const running = job.state === 'pending';
    const indexes = running ? earlyToApply(job) : job.fingerprints.map((_, index) => index);
    const skipped = new Set(running ? [] : job.earlyApplied);
    /** Answers written and counted now: a job that goes on (running, or retried) skips them later. */
    const counted: number[] = [];
    // A job held as "may have been bought" after a forced fetch writes what that fetch found.
    const early = new Set(job.earlyFetched);
    for (const index of indexes) {
      const fp = job.fingerprints[index]!;
      const saved = entries.get(fp);
      const entry = ambiguous && !early.has(index) ? undefined : saved;
      const answered = entryCovers(entry, asked);
      if (skipped.has(index) || (running && !answered)) continue;
      const unreadable = inIndexSet(job.unreadable, index);
      const unprocessed =
        !answered && !ambiguous && (job.status === 'CREDITS_INSUFFICIENT' || job.status === 'CANCELED');
      // Another record's hold (a damaged list, a lost start) names the row's way out: its words win.
      const hold = ambiguous ? undefined : held.get(fp);
      const rows = fpRows?.get(fp) ?? [];
      // The row shows every field the run asked for (saved ones too). An answer is written over a
      // final Status when it adds fields to an earlier one, or when a row shows none of a field it
      // holds (finding 67: a row sent again over "not found", the phone it bought never shown);
      // not when the row shows it already (a job applied again after a kill writes nothing).
      const output: RowOutput = answered
        ? {
            ...rowOutputFromEntry(entry, {
              kind,
              // A row's output replaces the one an earlier job of this write gave it: it shows that
              // job's fields too, as saved (two jobs of one contact collected in one poll).
              fields: [...write.fields].filter(
                (field) => run.fields.includes(field) || entry.fields.includes(field),
              ),
              saved: false,
              timeZone,
              clear: overwrite,
            }),
            refresh:
              entryKnewMore(entry, asked) ||
              rows.some((row) => answerUnshown(entry, asked, table!, kind, row)),
          }
        : neverSent
          ? // The user's cancel: the row says "canceled" even over an earlier answer's final status
            // (the cells that answer filled, and its time, stay), as the card and the log say.
            { status: STATUS.canceled, refresh: true }
          : hold
            ? statusOnly(hold)
            : !unreadable && unprocessed
              ? // Likewise a row the API did not process (out of credits): "Run the rest" finds it so.
                { status: job.unansweredStatus!, refresh: true }
              : statusOnly(
                  unreadable ? STATUS.error(UNREADABLE_ITEM) : (job.unansweredStatus ?? STATUS.notFound),
                );
      // Answered or not (out of credits, held): what is saved for its inputs (findings 65, 90),
      // unless that may wipe an answer the ledger lost.
      const rewrite =
        run.source === 'schedule' && !mayWipeLostAnswer(!!ledger.damaged(), saved, table!, kind, rows);
      const written = rewrite
        ? rewrittenRow(saved, answered ? undefined : output.status, { kind, timeZone })
        : output;
      written.run = run.id;
      // A lost start's mere "not answered" (out of credits) is not written where a Retry resent
      // its contacts: those rows are the resend's, whose words alone may hold what it bought
      // (its start lost too and its list garbled, the next run bought them again).
      if (answered || isFinalStatus(output.status) || job.resentIn === undefined)
        rows.forEach((row) => write.outputs.set(row, written));
      if (answered) {
        counted.push(index);
        countFound(run.found, entry, asked);
        // A run of formula requests has no rows: its answers are not "unmatched".
        if (rows.length === 0 && run.source !== 'formulas') run.unmatched++;
      }
      // A contact the user canceled before it was sent is not processed, and not "done" either.
      if ((answered || !ambiguous) && !neverSent) run.done++;
      if (unprocessed) run.unprocessed = (run.unprocessed ?? 0) + 1;
    }
    if ((running || ambiguous) && counted.length)
      job.earlyApplied = [...(job.earlyApplied ?? []), ...counted].sort((a, b) => a - b);
    if (ambiguous) job.rowsMarked = true;
    else if (!running) moveJob(job, 'applied', {});
    // A refusal this write overcomes is no longer news.
    if (run.error?.startsWith(SHEET_REFUSAL_PREFIX)) delete run.error;
    touchedRuns.add(run);
  }
  if (table) {
    // Rows another write of the kind answers (a look-up-again job's beside a plain one's) are not orphans.
    for (const write of writes.values())
      markOrphanedRows(
        ctx,
        table,
        tables,
        registry,
        sheetId,
        write.kind,
        write.outputs,
        [...writes.values()].flatMap((other) => (other.kind === write.kind ? [...other.outputs.keys()] : [])),
      );
    // A profile column the start did not add (no row had a profile URL) comes only with a profile.
    for (const write of writes.values()) {
      const keys = filledProfileKeys(write.kind, [...write.keys], write.outputs.values());
      writeRowOutputs(
        table,
        write.kind,
        write.outputs,
        write.overwrite,
        keys,
        undoRecorder(ctx.spreadsheet, (id) => registry.runs.get(id)),
      );
    }
  }
  // What waits on answers (formula requests) meets them, whatever run brought them.
  const applied = jobs.filter((job) => job.state === 'applied');
  for (const source of ctx.sources) source.answersApplied?.(ctx, registry, applied, entries);
  // Written after the rows: if the execution stops before this line, the jobs are applied again
  // (idempotent), and the counts are added exactly once because they are saved with "applied".
  saveRecordsOf(ctx, [...touchedRuns], jobs);
}
