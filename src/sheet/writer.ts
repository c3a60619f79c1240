/**
 * Batched write-back that touches only the cells a run owns. Whatever the number of rows: one
 * header write (only when columns are added), then for each run of adjacent output columns (one,
 * unless a later run had to add a column apart from its block) one read of its values, formulas
 * and formats, and one write (the text format on the owned cells only, then one setValues). Every
 * other cell there is written back as it was: a formula as its formula, a number, date or boolean
 * as itself, text as text (with the quote prefix that keeps Sheets from parsing it, unless the cell
 * is already plain text), so a user's formula or typed value next to our rows survives. Columns
 * that are not ours are never read nor written.
 */
import { UserError } from '../domain/user-error';
import type { JobKind } from '../domain/runs';
import type { CellBlock, CellRef } from '../platform/ports';
import {
  DESCRIBED_VALUE,
  heldByOwnColumn,
  isFinalStatus,
  isProfileKey,
  newOutputHeaders,
  OUTPUT_COLUMNS,
  type OutputKey,
} from './output-columns';
import { blockEnd, ownedColumns, type KindColumns } from './output-layout';
import { INPUT_HEADERS, type ColumnMapping, type InputKey } from '../domain/inputs';
import { fieldUnshown, outputCell, type SheetTable } from './table';
import { consecutiveRuns } from './text';
import { cellA1, spilledCells, writeAround } from './spills';
import { STATUS } from '../domain/statuses';
import { ENRICH_FIELDS } from '../domain/fields';

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
  /** The run that writes it: each cell it changes is recorded (`record`), so the run can be undone. */
  run?: string;
};

/**
 * A cell a run wrote, as its undo needs it: what it held (its typed value, and its formula, "" when
 * none) and the text the run wrote over it.
 */
export interface WrittenCell {
  run: string;
  row: number;
  column: number;
  before: unknown;
  formula: string;
  after: string;
}

/** Keeps the cells a write is about to change, before it changes them (store/undo-record.ts). */
export type CellRecorder = (cells: WrittenCell[]) => void;

/** The longest text a cell holds, and what ends a text cut to fit. */
const CELL_MAX_CHARS = 50000;
const CUT = '… [cut: a cell holds 50,000 characters]';

/**
 * API data as cell text: no control characters, within the cell limit (a longer text is cut and
 * says so). Formula-looking text stays text (writeText).
 */
export function toCellText(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  const text = String(value ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return text.length > CELL_MAX_CHARS ? text.slice(0, CELL_MAX_CHARS - CUT.length) + CUT : text;
}

const ALWAYS_WRITTEN: ReadonlySet<OutputKey> = new Set(['status', 'enrichedAt']);

/**
 * Makes sure the kind has a column for each key (one header write when some are missing, after the
 * last used column). A kind's first columns are its block: Status, the keys, Enriched at. A column
 * added later keeps its plain header only right after its block; anywhere else its "(found)"
 * suffix is what marks it ours (output-layout.ts).
 */
export function ensureOutputColumns(
  table: SheetTable,
  kind: JobKind,
  keys: readonly OutputKey[],
): KindColumns {
  const existing = table.outputs[kind];
  const missing = existing
    ? keys.filter((key) => existing[key] === undefined)
    : OUTPUT_COLUMNS.map((column) => column.key).filter(
        (key) => ALWAYS_WRITTEN.has(key) || keys.includes(key),
      );
  if (existing && missing.length === 0) return existing;
  if (!table.headerRow)
    throw new UserError('No header row found: add headers such as First name, Last name, Company.');
  const plain = !existing || blockEnd(existing) === table.width;
  const headers = newOutputHeaders(missing, table.headers, plain);
  const start = table.width + 1;
  table.sheet.writeText(table.headerRow, start, [headers]);
  table.width += headers.length;
  for (const row of table.values) while (row.length < table.width) row.push('');
  table.values[table.headerRow - 1]!.splice(start - 1, headers.length, ...headers);
  table.headers = [...table.values[table.headerRow - 1]!];
  const columns: KindColumns = { ...existing };
  missing.forEach((key, offset) => (columns[key] = start + offset));
  table.outputs[kind] = columns;
  return columns;
}

/**
 * Gives a sheet without a header row one, above its data, naming the mapped input columns (so later
 * runs find them by header); the first write adds the output headers after them. Output columns are
 * found again by their headers, and writing those over row 1 would overwrite the first contact.
 * Every data row moves down one, in the sheet and in `table`: row numbers the caller holds must follow.
 */
export function addHeaderRow(table: SheetTable, mapping: ColumnMapping): void {
  if (table.headerRow) return;
  table.sheet.insertRowBefore(1);
  const labels = Array<string>(table.width).fill('');
  for (const [input, column] of Object.entries(mapping) as [InputKey, number][])
    if (column <= table.width) labels[column - 1] = INPUT_HEADERS[input];
  const lastLabel = labels.reduce((last, label, index) => (label ? index + 1 : last), 0);
  if (lastLabel) table.sheet.writeText(1, 1, [labels.slice(0, lastLabel)]);
  table.values.unshift(labels);
  table.headerRow = 1;
  table.headers = [...labels];
}

export interface WriteSummary {
  rowsWritten: number;
  /** Rows left alone because they already have their answer (and overwrite was not asked). */
  rowsKept: number;
}

/**
 * Writes outputs to rows (1-based row → output) into the kind's columns, adding those of `keys`
 * it lacks: the columns the run needs (outputKeysFor). A value whose column does not exist is not
 * written. A row whose Status is final is left alone, and a non-empty data cell is kept (the user
 * may have edited it), unless `overwrite`. The cells of outputs that name their run go to `record`
 * before they are written: a write killed after it leaves a record the next write completes.
 */
export function writeRowOutputs(
  table: SheetTable,
  kind: JobKind,
  outputs: ReadonlyMap<number, RowOutput>,
  overwrite: boolean,
  keys: readonly OutputKey[],
  record?: CellRecorder,
): WriteSummary {
  const targets = [...outputs.keys()].filter((row) => row > table.headerRow && row <= table.values.length);
  const columns = targets.length ? ensureOutputColumns(table, kind, worthAColumn(table, kind, keys)) : {};
  const writable = targets.filter((row) => {
    const output = outputs.get(row)!;
    return (
      overwrite || output.refresh || output.replace || !isFinalStatus(outputCell(table, kind, 'status', row))
    );
  });
  const summary = { rowsWritten: writable.length, rowsKept: targets.length - writable.length };
  if (writable.length === 0) return summary;

  // A loop, not Math.min(...rows): spreading 100,000+ arguments overflows the call stack.
  const first = writable.reduce((low, row) => Math.min(low, row));
  const last = writable.reduce((high, row) => Math.max(high, row));
  // The kind's columns in sheet order, in runs of adjacent ones: [key, column] each, each read once
  // from the first data row (a formula above the rows written may fill some of their cells).
  const sorted = (Object.entries(columns) as [OutputKey, number][]).sort((a, b) => a[1] - b[1]);
  const read = {
    top: Math.min(first, table.headerRow + 1),
    first,
    last,
    notes: new Map<number, string>(),
    written: [] as WrittenCell[],
  };
  // Last segment first, each right to left: a row's Status (first in its block) is filled after
  // the cells whose answer another formula's cell kept out, and says so (notes).
  const blocks = consecutiveRuns(sorted, ([, column]) => column)
    .reverse()
    .map((segment) => fillSegment(table, kind, segment, read, writable, outputs, overwrite));
  // Recorded before anything is written: a write killed after it leaves a record the next completes.
  if (read.written.length) record?.(read.written);
  for (const { start, values, owned, spilled } of blocks)
    writeAround(table.sheet, first, start, values, owned, owned, spilled);
  return summary;
}

/**
 * The keys that may get a new column. An enrichment's profile columns come with its answers, unasked:
 * none for a fact a column of the user's already holds (a people-search tab has Full name, Title,
 * Company…). A column already there is written whatever this says.
 */
function worthAColumn(table: SheetTable, kind: JobKind, keys: readonly OutputKey[]): readonly OutputKey[] {
  if (kind !== 'enrich') return keys;
  const owned = ownedColumns(table.outputs);
  const own = table.headers.filter((_, index) => !owned.has(index + 1));
  return keys.filter((key) => !heldByOwnColumn(key, own));
}

/** An enrichment's keys without the profile columns no answer among `outputs` fills. */
export function filledProfileKeys(
  kind: JobKind,
  keys: readonly OutputKey[],
  outputs: Iterable<RowOutput>,
): OutputKey[] {
  if (kind !== 'enrich') return [...keys];
  const answers = [...outputs];
  return keys.filter((key) => !isProfileKey(key) || answers.some((answer) => answer[key]));
}

/**
 * Rows first..last across a run of adjacent output columns, read from `top`: what one write (around
 * the cells another formula's result fills, never written, not even back) will put there.
 */
function fillSegment(
  table: SheetTable,
  kind: JobKind,
  segment: readonly [OutputKey, number][],
  read: { top: number; first: number; last: number; notes: Map<number, string>; written: WrittenCell[] },
  rows: readonly number[],
  outputs: ReadonlyMap<number, RowOutput>,
  overwrite: boolean,
): { start: number; values: unknown[][]; owned: CellRef[]; spilled: Map<string, string> } {
  const { top, first, last, notes, written } = read;
  const start = segment[0]![1];
  const existing = table.sheet.readCells(top, start, last - top + 1, segment.length);
  const spilled = spilledCells(existing.formulas, top, start, last);
  const skip = first - top;
  const values = existing.values
    .slice(skip)
    .map((cells, r) => cells.map((_, c) => keptAsItWas(existing, r + skip, c)));
  const owned: CellRef[] = [];
  for (const row of rows) {
    const output = outputs.get(row)!;
    for (let c = segment.length; c--;) {
      const [key, column] = segment[c]!;
      const value =
        key === 'status'
          ? (notes.get(row) ?? statusShown(table, kind, output, row))
          : (output[key] ?? (output.replace ? '' : undefined));
      // A cell holding a formula is the user's even when it shows nothing.
      const formula = !!existing.formulas[row - top]![c];
      const blank = (table.values[row - 1]![column - 1] ?? '').trim() === '';
      const ours = ALWAYS_WRITTEN.has(key);
      if (value === undefined || !(ours || overwrite || (!formula && (blank || output.replace)))) continue;
      if (!overwrite && !output.replace && describesOtherValue(table, kind, key, output, row)) continue;
      const anchor = spilled.get(`${row}:${column}`);
      if (anchor && !ours) notes.set(row, STATUS.leftToFormula(output.status, cellA1(row, column), anchor));
      if (anchor) continue;
      const text = toCellText(value);
      // What it held, as read for this write anyway: no call of its own.
      if (output.run)
        written.push({
          run: output.run,
          row,
          column,
          before: existing.values[row - top]![c],
          formula: existing.formulas[row - top]![c]!,
          after: text,
        });
      values[row - first]![c] = table.values[row - 1]![column - 1] = text;
      owned.push([row, column]);
    }
  }
  return { start, values, owned, spilled };
}

/**
 * A describing cell ("Work email status") beside a value the row keeps that is not this answer's (the
 * user typed their own email there): written, it would vouch for an address it never checked.
 */
function describesOtherValue(
  table: SheetTable,
  kind: JobKind,
  key: OutputKey,
  output: RowOutput,
  row: number,
): boolean {
  const valueKey = DESCRIBED_VALUE.get(key);
  const shown = valueKey ? outputCell(table, kind, valueKey, row).trim() : '';
  return shown !== '' && shown !== toCellText(output[valueKey!] ?? '');
}

/**
 * A row's Status speaks for what it shows: "not found" for the fields a run asked, beside an answer
 * the row keeps of another field (trusted though nothing saved holds it: an enriched export run
 * again, its ledger elsewhere), reads "found", as a saved answer of that field would make it. The
 * cells right of the Status, the row's answers, are decided before it (fillSegment).
 */
function statusShown(table: SheetTable, kind: JobKind, output: RowOutput, row: number): string {
  const { status } = output;
  if (!status.startsWith(STATUS.notFound) || output.replace) return status;
  const shows = ENRICH_FIELDS.some((field) => !fieldUnshown(table, kind, field, row));
  return shows ? STATUS.found + status.slice(STATUS.notFound.length) : status;
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
