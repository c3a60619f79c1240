/**
 * Batched write-back: whatever the number of rows, one header write (only when the block is new)
 * and one block write (plain-text format + setValues) per call.
 */
import { UserError } from '../user-error';
import type { JobKind } from '../api/model';
import { isFinalStatus, outputColumnsOf, type OutputKey } from './output-columns';
import type { SheetTable } from './table';

/** What one row gets. `status` and `enrichedAt` are ours and always written; the rest only into empty cells. */
export type RowOutput = Partial<Record<OutputKey, string>> & { status: string };

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
    (row) => overwrite || !isFinalStatus(table.values[row - 1]![start - 1 + statusOffset] ?? ''),
  );
  const summary = { rowsWritten: writable.length, rowsKept: targets.length - writable.length };
  if (writable.length === 0) return summary;

  // A loop, not Math.min(...rows): spreading 100,000+ arguments overflows the call stack.
  const first = writable.reduce((low, row) => Math.min(low, row));
  const last = writable.reduce((high, row) => Math.max(high, row));
  const block = table.values
    .slice(first - 1, last)
    .map((row) => row.slice(start - 1, start - 1 + columns.length));
  for (const row of writable) {
    const output = outputs.get(row)!;
    const cells = block[row - first]!;
    columns.forEach((column, offset) => {
      const value = output[column.key];
      if (value === undefined) return;
      const current = cells[offset] ?? '';
      if (ALWAYS_WRITTEN.has(column.key) || overwrite || current.trim() === '')
        cells[offset] = toCellText(value);
    });
  }
  table.sheet.writeText(first, start, block);
  block.forEach((cells, index) => table.values[first - 1 + index]!.splice(start - 1, cells.length, ...cells));
  return summary;
}
