/**
 * What each run overwrote, so it can be undone (features/undo): a hidden sheet, because a
 * 10,000-row run changes 50,000 cells or more, far past what document properties (500 KB, 9 KB a
 * value) hold. One row per cell written: the run, the cell, the type and text of what it held, and
 * the text the run wrote. Rows are appended before each write (sheet/writer.ts), so a write killed
 * after its record leaves cells that still hold what the record says they held. A cell written
 * twice by its run (pending, then its answer) keeps its first `before` and its last `after`.
 * Append-only and disposable: a record that cannot be read means "this run cannot be undone".
 */
import type { SpreadsheetPort } from '../platform/ports';
import { appendBelow, keepRows } from '../platform/sheet-rows';
import type { WrittenCell } from '../sheet/writer';
import { dataRows } from './job-sheet';

export const UNDO_SHEET_NAME = '_sheet_enrich_undo';
const HEADER = ['run', 'row', 'column', 'type', 'before', 'after'];

/** A cell as the record keeps it: what it held, and what the run left in it. */
export interface RecordedCell {
  row: number;
  column: number;
  /** A formula as its text (starting with "="), else the value, typed as Sheets gave it. */
  before: unknown;
  formula: boolean;
  after: string;
}

/** What a cell held, by its type: text (''), a formula (f), a number (n), a boolean (b), a date (d, epoch ms). */
function encode({ before, formula }: WrittenCell): string[] {
  if (formula) return ['f', formula];
  if (before instanceof Date) return ['d', `${before.getTime()}`];
  const type = typeof before;
  return [type === 'number' ? 'n' : type === 'boolean' ? 'b' : '', `${before}`];
}

const DECODE: Record<string, (text: string) => unknown> = {
  '': String,
  f: String,
  n: Number,
  b: (text) => text === 'true',
  d: (text) => new Date(Number(text)),
};

/**
 * The writer's recorder (sheet/writer.ts): appends the cells a write is about to change (one Range
 * write). The record is disposable, the run's write is not: a record Sheets refuses (a spreadsheet
 * at its size limit) stops no answer from landing, and the runs it was for say they cannot be
 * undone (`runOf`: their run records, saved with the write's other changes; registry.ts imports
 * this file, so the type is spelled here).
 */
export const undoRecorder =
  (spreadsheet: SpreadsheetPort, runOf: (id: string) => { undone?: string } | undefined) =>
  (cells: readonly WrittenCell[]) => {
    try {
      appendBelow(
        spreadsheet.hiddenSheet(UNDO_SHEET_NAME, true)!,
        HEADER,
        cells.map((cell) => [cell.run, `${cell.row}`, `${cell.column}`, ...encode(cell), cell.after]),
      );
    } catch {
      for (const cell of cells) runOf(cell.run)!.undone = UNRECORDED;
    }
  };

/** What the card of a run whose record Sheets refused says (instead of offering Undo). */
export const UNRECORDED = 'This run cannot be undone: Sheets refused its record of the cells it wrote.';

/** Every row of the record (one read), without its header. */
const readRows = (spreadsheet: SpreadsheetPort): string[][] =>
  dataRows(spreadsheet.hiddenSheet(UNDO_SHEET_NAME, false), HEADER.length);

/**
 * The cells `runId` wrote, in row then column order, or why they cannot be known: no row names the
 * run, or one of its rows is damaged (a run with a cell it cannot put back is not undone at all).
 */
export function readUndoRecord(spreadsheet: SpreadsheetPort, runId: string): RecordedCell[] | string {
  const cells = new Map<string, RecordedCell>();
  for (const [run, row, column, type, before, after] of readRows(spreadsheet)) {
    if (run !== runId) continue;
    const cell = {
      row: +row!,
      column: +column!,
      before: DECODE[type!]?.(before!),
      formula: type === 'f',
      after: after!,
    };
    if (!(
      Number.isInteger(cell.row * cell.column) &&
      cell.row > 0 &&
      cell.column > 0 &&
      cell.before === cell.before &&
      DECODE[type!]
    ))
      return 'its record is damaged';
    const earlier = cells.get(`${row} ${column}`);
    if (earlier) earlier.after = after!;
    else cells.set(`${row} ${column}`, cell);
  }
  if (cells.size === 0) return 'it left no record';
  return [...cells.values()].sort((a, b) => a.row - b.row || a.column - b.column);
}

/**
 * Rewrites the record with only the rows of `live` runs, blanking the rows below (one read, one
 * write), once rows of other runs are at least half of it: the record lives as long as the runs
 * the Jobs panel lists (store/registry.ts prunes them).
 */
export function compactUndoRecord(spreadsheet: SpreadsheetPort, live: ReadonlySet<string>): void {
  const rows = readRows(spreadsheet);
  const kept = rows.filter(([run]) => live.has(run!));
  if (!rows.length || kept.length * 2 > rows.length) return;
  keepRows(spreadsheet.hiddenSheet(UNDO_SHEET_NAME, false)!, kept, rows.length, HEADER.length);
}
