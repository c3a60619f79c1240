/**
 * What the add-on wrote into a sheet, read back from its text by the output column table
 * (src/sheet/output-columns.ts), for summaries and test assertions.
 */
import type { JobKind } from '../../src/domain/runs';
import { neutraliseCells } from './csv';
import { emailNamedBy } from '../../src/domain/statuses';
import { newOutputHeaders, type OutputKey } from '../../src/sheet/output-columns';
import { locateOutputColumns, ownedColumns } from '../../src/sheet/output-layout';

export interface FoundByKind {
  workEmail: number;
  personalEmail: number;
  phone: number;
  profile: number;
}

export type OutputRow = Partial<Record<OutputKey, string>>;

/** Each data row's output cells by key (header row 1), for the columns the sheet has; {} without them. */
export function outputRows(table: readonly (readonly string[])[], kind: JobKind): OutputRow[] {
  const columns = Object.entries(locateOutputColumns(table[0] ?? [])[kind] ?? {});
  return table
    .slice(1)
    .map((cells) => Object.fromEntries(columns.map(([key, column]) => [key, cells[column - 1] ?? ''])));
}

/**
 * The email the API found for a row: in its column, or, for an address that will bounce, named by
 * its status cell alone ("Invalid: …"). What the run's found counts and the credits charged count.
 */
export function foundEmail(row: OutputRow, kind: 'work' | 'personal'): string {
  return kind === 'work'
    ? row.workEmail || emailNamedBy(row.workEmailStatus ?? '')
    : row.personalEmail || emailNamedBy(row.personalEmailStatus ?? '');
}

/** A slice's input columns: its header row's, and its widest row's (a ragged CSV has longer rows). */
export interface InputWidths {
  header: number;
  rows: number;
  /** Columns (0-based) of the header that are empty: Excel's trailing comma, say. */
  emptyHeaders?: readonly number[];
}

/**
 * The table as every slice of one command writes it, whatever the add-on wrote on this slice's
 * sheet: the input's header columns as they were, then the run's output columns (`keys`, in table
 * order) under the headers a new block gets, then what a row holds beyond the header's columns. The
 * add-on adds only the columns a slice fills (no profile columns without a profile URL in it, none
 * at all when every row is held), after the slice's widest row; a streamed CSV has one header: each
 * slice's cells go under it by key.
 */
export function inOutputLayout(
  table: readonly (readonly string[])[],
  width: InputWidths,
  kind: JobKind,
  keys: readonly OutputKey[],
): string[][] {
  const header = table[0] ?? [];
  const written = locateOutputColumns(header)[kind] ?? {};
  // An input column with no header and nothing in it (Excel's trailing comma) is where the add-on
  // put its block: its cells are the output's, not the input's (it was written twice, as "Status"
  // and "Status (found)").
  const taken = new Set(Object.values(written).map((column) => column - 1));
  const oursSet = new Set(width.emptyHeaders?.filter((column) => taken.has(column)));
  const ours = (column: number) => oursSet.has(column);
  const inputHeader = Array.from({ length: width.header }, (_, column) =>
    ours(column) ? '' : (header[column] ?? ''),
  );
  const inInput = locateOutputColumns(inputHeader)[kind] ?? {};
  const added = keys.filter((key) => inInput[key] === undefined);
  const heads = newOutputHeaders(added, inputHeader, Object.keys(inInput).length === 0);
  return table.map((cells, row) => {
    if (row === 0) return [...inputHeader, ...heads];
    const beyond = cells.slice(width.header, Math.max(width.header, width.rows));
    while (beyond.length && !beyond[beyond.length - 1]) beyond.pop();
    return [
      ...inputHeader.map((_, column) => (ours(column) ? '' : (cells[column] ?? ''))),
      ...added.map((key) => (written[key] ? (cells[written[key] - 1] ?? '') : '')),
      ...beyond,
    ];
  });
}

/**
 * The table with why each held row was not sent in its Status (the plan's skip reasons), where the
 * add-on left it empty. In a sheet such a row shows what its own run wrote; a command line loads
 * every slice afresh from its file, so a row held by a job of an earlier slice or command (a lost
 * start, a job still running) would have no word in the CSV at all.
 */
export function withHeldReasons(
  table: string[][],
  kind: JobKind,
  skipped: readonly { row: number; reason: string }[],
): string[][] {
  const column = locateOutputColumns(table[0] ?? [])[kind]?.status;
  if (column === undefined) return table;
  for (const { row, reason } of skipped) {
    const cells = table[row - 1];
    if (cells && !cells[column - 1]) cells[column - 1] = reason;
  }
  return table;
}

export function readOutputs(
  table: readonly (readonly string[])[],
  kind: JobKind,
): { found: FoundByKind; statuses: Record<string, number> } {
  const found: FoundByKind = { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 };
  const statuses: Record<string, number> = {};
  for (const row of outputRows(table, kind)) {
    if (foundEmail(row, 'work')) found.workEmail++;
    if (foundEmail(row, 'personal')) found.personalEmail++;
    if (row.phone) found.phone++;
    if (row.fullName) found.profile++;
    const status = row.status || '(none)';
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { found, statuses };
}

/**
 * The table as the enriched CSV holds it: cells of the add-on's output columns (API data) cannot
 * run as formulas when the file is opened (neutraliseFormula); the user's own columns are kept as
 * they were, formulas included.
 */
export function safeToOpen(table: readonly (readonly string[])[]): string[][] {
  const outputs = ownedColumns(locateOutputColumns(table[0] ?? []));
  return neutraliseCells(table, (row, column) => row > 0 && outputs.has(column + 1));
}
