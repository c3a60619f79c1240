/**
 * The rows of the sheets runs worked on, as those runs map them: what the rows of ended runs say
 * (paid-once.ts), and what rows show for a plan with no rows of its own (formulas). One Range read
 * per sheet.
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import { fieldUnshown, outputCell, type SheetTable } from '../sheet/table';
import { isProfileKey, type OutputKey } from '../sheet/output-columns';
import type { AppContext } from './context';
import { SheetTables } from './sheet-tables';
import { currentColumns } from './run-columns';
import type { RunRecord } from '../store/registry';

interface RunSheetRows {
  table: SheetTable;
  kind: JobKind;
  /** Fingerprint → data rows. */
  rows: Map<string, number[]>;
}

/** Each sheet and mapping of `runs` once (a sheet deleted, or its input columns gone: none). */
export function runSheetRows(ctx: AppContext, runs: Iterable<RunRecord>): RunSheetRows[] {
  const tables = new SheetTables(ctx.spreadsheet);
  const read: RunSheetRows[] = [];
  for (const run of runs) {
    const table = run.sheetId >= 0 ? tables.table(run.sheetId) : undefined;
    const columns = table?.headerRow && currentColumns(run, table);
    if (!columns || columns.missing.length) continue;
    // Runs of one sheet and mapping share one index (SheetTables): it is looked at once.
    const rows = tables.rows(table!, run.kind, columns.mapping);
    if (!read.some((sheet) => sheet.rows === rows)) read.push({ table: table!, kind: run.kind, rows });
  }
  return read;
}

/**
 * Whether a row of a run's sheet shows a person's answer of a field, or of a reverse lookup's
 * profile (undefined). On a damaged ledger the answer a row shows may be the one the ledger lost,
 * and the sidebar's and the schedule's plans do not buy it again (plan.ts keptShown).
 */
export function shownOnRunSheets(
  ctx: AppContext,
  runs: Iterable<RunRecord>,
  kind: JobKind,
): (fp: string, asked: EnrichField | undefined) => boolean {
  const read = runSheetRows(
    ctx,
    [...runs].filter((run) => run.kind === kind),
  );
  const shows = (table: SheetTable, asked: EnrichField | undefined, row: number) =>
    asked
      ? !fieldUnshown(table, kind, asked, row)
      : (Object.keys(table.outputs[kind] ?? {}) as OutputKey[]).some(
          (key) => isProfileKey(key) && !!outputCell(table, kind, key, row),
        );
  return (fp, asked) => read.some(({ table, rows }) => rows.get(fp)?.some((row) => shows(table, asked, row)));
}
