/**
 * Reading and appending to a search tab. Its columns are found by their headers, so a column the user
 * inserted, moved or added (the outputs of "Enrich these people") changes nothing: new rows go under
 * our headers and only there. What is already in the tab is known by its keys (columns.ts).
 */
import type { SearchKind } from '../../domain/search-filters';
import type { SheetPort } from '../../platform/ports';
import { UserError } from '../../domain/user-error';
import { headersOf, idAt, keyOf, rowOf, type SearchCell } from './columns';
import { toCellText } from '../../sheet/writer';

export interface TabState {
  /** Per column of the table, its column in the tab (1-based), or 0 when its header is gone. */
  columns: number[];
  /** Keys of the results in the tab. */
  known: Set<string>;
  /** Keys of every result the tab ever had (search-keys.ts), deleted ones too: never added again. */
  had: Set<string>;
  /** Where the next result goes. */
  nextRow: number;
}

/**
 * One read of the tab (header and data): once per call, not per page. `had`: the keys the tab ever
 * had; those in the tab are added to it.
 */
export function readTab(sheet: SheetPort, kind: SearchKind, had: Set<string> = new Set()): TabState {
  const headers = headersOf(kind);
  const lastRow = sheet.lastRow();
  if (lastRow === 0) {
    sheet.writeText(1, 1, [headers]);
    return { columns: headers.map((_, index) => index + 1), known: new Set(), had, nextRow: 2 };
  }
  const width = Math.max(1, sheet.lastColumn());
  const [header = [], ...data] = sheet.readDisplayValues(1, 1, lastRow, width);
  const columns = headers.map((name) => header.indexOf(name) + 1);
  if (columns[idAt(kind)] === 0) {
    throw new UserError(
      `The "${headers[idAt(kind)]}" column of this tab was renamed or deleted, so Sheet Enrich cannot tell which results are already here. Put the header back to load more.`,
    );
  }
  const known = new Set<string>();
  for (const cells of data) {
    const key = keyOf(
      kind,
      columns.map((column) => (column ? (cells[column - 1] ?? '') : '')),
    );
    if (key) known.add(key);
  }
  for (const key of known) had.add(key);
  return { columns, known, had, nextRow: lastRow + 1 };
}

/**
 * Appends the results not yet in the tab, one write per run of adjacent columns (one, unless the user
 * put a column between ours): numbers as numbers, every other cell as text. A result the tab ever had
 * (deleted by the user since) is not added again. Returns the keys of the results added.
 */
export function appendRows(
  sheet: SheetPort,
  kind: SearchKind,
  tab: TabState,
  items: readonly unknown[],
): string[] {
  const rows: SearchCell[][] = [];
  const added = new Set<string>();
  for (const item of items) {
    const row = rowOf(kind, item);
    const key = keyOf(kind, row);
    if (key && (tab.had.has(key) || added.has(key))) continue;
    if (key) added.add(key);
    rows.push(row);
  }
  if (rows.length === 0) return [];
  for (const group of adjacentGroups(tab.columns)) {
    const first = tab.columns[group[0]!]!;
    // Text as the run writer writes it: a value longer than a cell holds is cut, and says so.
    const values = rows.map((row) =>
      group.map((index) => (typeof row[index] === 'number' ? row[index] : toCellText(row[index]))),
    );
    const textCells = values.flatMap((cells, r) =>
      cells.flatMap((cell, c) => (typeof cell === 'string' ? [[tab.nextRow + r, first + c] as const] : [])),
    );
    sheet.writeCells(tab.nextRow, first, values, textCells);
  }
  // Known once written: a page Sheets refused is not counted.
  for (const key of added) [tab.known, tab.had].forEach((keys) => keys.add(key));
  tab.nextRow += rows.length;
  return [...added];
}

/**
 * The table's columns present in the tab (their indexes in the table), sorted by position in the
 * tab and cut where they are not adjacent: a group's tab columns run from its first one's, one by one.
 */
function adjacentGroups(columns: readonly number[]): number[][] {
  const present = columns.flatMap((column, index) => (column ? [index] : []));
  const groups: number[][] = [];
  let previous = 0;
  for (const index of present.sort((a, b) => columns[a]! - columns[b]!)) {
    if (groups.length && columns[index] === previous + 1) groups[groups.length - 1]!.push(index);
    else groups.push([index]);
    previous = columns[index]!;
  }
  return groups;
}
