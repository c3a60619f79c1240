/**
 * Batched write-back that touches only the cells a run owns. Whatever the number of rows: one
 * header write (only when the block is new), then one read of the block's values, formulas and
 * formats, and one write (the text format on the owned cells only, then one setValues). Every other
 * cell of the block is written back as it was: a formula as its formula, a number, date or boolean
 * as itself, text as text (with the quote prefix that keeps Sheets from parsing it, unless the cell
 * is already plain text), so a user's formula or typed value next to our rows survives.
 */
import { UserError } from '../user-error';
import type { JobKind } from '../api/model';
import type { CellBlock, CellRef } from '../platform/ports';
import { isFinalStatus, outputColumnsOf, type OutputKey } from './output-columns';
import { INPUT_HEADERS, type ColumnMapping, type InputKey } from './inputs';
import type { SheetTable } from './table';

/** What one row gets. `status` and `enrichedAt` are ours and always written; the rest only into empty cells. */
export type RowOutput = Partial<Record<OutputKey, string>> & {
  status: string;
  /** Written although the row's Status is final (it gets a field it did not have). */
  refresh?: boolean;
  /**
   * The row's answer belonged to other inputs (the user edited them): every output cell is
   * rewritten, emptied where the new answer has nothing; only a cell holding a formula is kept.
   */
  replace?: boolean;
};

/** The longest text a cell holds. */
const CELL_MAX_CHARS = 50000;

/** API data as cell text: no control characters, within the cell limit. Formula-looking text stays text (writeText). */
export function toCellText(value: unknown): string {
  return (
    String(value ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .slice(0, CELL_MAX_CHARS)
  );
}

const ALWAYS_WRITTEN: ReadonlySet<OutputKey> = new Set(['status', 'enrichedAt']);

/** Appends the kind's header cells after the last used column when its block is missing. */
export function ensureOutputBlock(table: SheetTable, kind: JobKind): number {
  const existing = table.blocks[kind];
  if (existing) return existing;
  // Planning a start adds a header row first (addHeaderRow); nothing else writes to a sheet without one.
  if (!table.headerRow)
    throw new UserError('No header row found: add headers such as First name, Last name, Company.');
  const headers = outputColumnsOf(kind).map((column) => column.header);
  const start = table.width + 1;
  table.sheet.writeText(table.headerRow, start, [headers]);
  table.width += headers.length;
  for (const row of table.values) while (row.length < table.width) row.push('');
  table.values[table.headerRow - 1]!.splice(start - 1, headers.length, ...headers);
  table.headers = [...table.values[table.headerRow - 1]!];
  table.blocks[kind] = start;
  return start;
}

/**
 * Gives a sheet without a header row one, above its data: the mapped input columns named (so later
 * runs find them by header) and the kind's output headers. Output columns are found again by their
 * headers, and writing those over row 1 would overwrite the first contact. Every data row moves
 * down one, in the sheet and in `table`: row numbers the caller holds must follow.
 */
export function addHeaderRow(table: SheetTable, kind: JobKind, mapping: ColumnMapping): void {
  if (table.headerRow) return;
  table.sheet.insertRowBefore(1);
  const labels = Array.from({ length: table.width }, () => '');
  for (const [input, column] of Object.entries(mapping) as [InputKey, number][])
    if (column <= table.width) labels[column - 1] = INPUT_HEADERS[input];
  const lastLabel = labels.reduce((last, label, index) => (label ? index + 1 : last), 0);
  if (lastLabel) table.sheet.writeText(1, 1, [labels.slice(0, lastLabel)]);
  table.values.unshift(labels);
  table.headerRow = 1;
  table.headers = [...labels];
  ensureOutputBlock(table, kind);
}

export interface WriteSummary {
  rowsWritten: number;
  /** Rows left alone because they already have their answer (and overwrite was not asked). */
  rowsKept: number;
}

/**
 * Writes outputs to rows (1-based row → output). A row whose Status is final is left alone, and a
 * non-empty data cell is kept (the user may have edited it), unless `overwrite`.
 */
export function writeRowOutputs(
  table: SheetTable,
  kind: JobKind,
  outputs: ReadonlyMap<number, RowOutput>,
  overwrite: boolean,
): WriteSummary {
  const columns = outputColumnsOf(kind);
  const statusOffset = columns.findIndex((column) => column.key === 'status');
  const targets = [...outputs.keys()].filter((row) => row > table.headerRow && row <= table.values.length);
  const start = targets.length ? ensureOutputBlock(table, kind) : 0;
  const writable = targets.filter(
    (row) =>
      overwrite ||
      outputs.get(row)!.refresh ||
      outputs.get(row)!.replace ||
      !isFinalStatus(table.values[row - 1]![start - 1 + statusOffset] ?? ''),
  );
  const summary = { rowsWritten: writable.length, rowsKept: targets.length - writable.length };
  if (writable.length === 0) return summary;

  // A loop, not Math.min(...rows): spreading 100,000+ arguments overflows the call stack.
  const first = writable.reduce((low, row) => Math.min(low, row));
  const last = writable.reduce((high, row) => Math.max(high, row));
  const existing = table.sheet.readCells(first, start, last - first + 1, columns.length);
  const block = existing.values.map((cells, r) => cells.map((_, c) => keptAsItWas(existing, r, c)));
  const owned: CellRef[] = [];
  for (const row of writable) {
    const output = outputs.get(row)!;
    const r = row - first;
    columns.forEach((column, offset) => {
      const value = output[column.key] ?? (output.replace ? '' : undefined);
      if (value === undefined) return;
      // A cell holding a formula is the user's even when it shows nothing.
      const formula = !!existing.formulas[r]![offset];
      const empty = (table.values[row - 1]![start - 1 + offset] ?? '').trim() === '' && !formula;
      const replaced = output.replace && !formula;
      if (!(ALWAYS_WRITTEN.has(column.key) || overwrite || empty || replaced)) return;
      const text = toCellText(value);
      block[r]![offset] = text;
      table.values[row - 1]![start - 1 + offset] = text;
      owned.push([row, start + offset]);
    });
  }
  table.sheet.writeCells(first, start, block, owned);
  return summary;
}

/** A cell the run does not own, as it must be written back to stay exactly what it was. */
export function keptAsItWas(existing: CellBlock, r: number, c: number): unknown {
  const formula = existing.formulas[r]![c];
  if (formula) return formula;
  const value = existing.values[r]![c];
  if (typeof value !== 'string' || value === '' || existing.formats[r]![c] === '@') return value;
  // setValues parses strings like typed input ("0612" → 612, "+1 555" → a formula): the quote
  // prefix keeps this one text, as it was.
  return `'${value}`;
}
