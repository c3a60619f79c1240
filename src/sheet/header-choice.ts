/**
 * A sheet whose header row names no input the detection knows ("Col1, Col2…", or no header row at
 * all): whether row 1 holds headers is then the user's call. These give the guess the sidebar
 * starts from and apply the answer to a table read with no header row.
 */
import { locateOutputColumns } from './output-layout';
import type { SheetTable } from './table';

/** An email, a web address or domain, a number, date or phone: what a data cell holds, not a label. */
const VALUE = [
  /@/,
  /^(https?:\/\/|www\.)/i,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i,
  /^[+(]?\d[\d\s().,/:-]*$/,
];

/** Whether a cell (trimmed by the caller) looks like a value. */
const looksLikeValue = (cell: string) => VALUE.some((pattern) => pattern.test(cell));

/** Rows under row 1 compared with it: a label seen again in its own column is data, not a label. */
const ROWS_COMPARED = 20;

/**
 * Row 1 reads as labels: it has rows under it, none of its cells looks like a value, no two of
 * its cells are the same, and none is repeated in its column below. A first row of names only
 * ("Ana, Smith, Acme") passes too: the user unticks "Row 1 holds headers" then.
 */
export function firstRowLooksLikeHeaders(values: readonly (readonly string[])[]): boolean {
  const [first, ...below] = values;
  if (!first || below.length === 0) return false;
  const cells = first.map((cell) => cell.trim()).filter(Boolean);
  if (cells.length === 0 || cells.some(looksLikeValue)) return false;
  if (new Set(cells.map((cell) => cell.toLowerCase())).size < cells.length) return false;
  return !below
    .slice(0, ROWS_COMPARED)
    .some((row) => first.some((label, index) => label.trim() !== '' && row[index]?.trim() === label.trim()));
}

/** The table of a sheet read with no header row, with row 1 taken as its headers. */
export function withFirstRowHeaders(table: SheetTable): SheetTable {
  if (table.headerRow || table.values.length === 0) return table;
  const headers = [...table.values[0]!];
  return { ...table, headerRow: 1, headers, outputs: locateOutputColumns(headers) };
}
