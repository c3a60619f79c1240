/**
 * The results a search tab ever had, by key (columns.ts keyOf), in a hidden sheet: a result the user
 * deleted from the tab is not added back by Refresh or Load more, which add only what the tab never
 * had. Document properties (9 KB a value) cannot hold thousands of keys; a hidden sheet can, as for
 * the job fingerprints (store/job-sheet.ts).
 *
 * One row per batch of keys: A = the tab's sheet id, B = its keys one per line, at most
 * KEYS_PER_CELL characters (a cell holds 50,000). Read once per call, one append per call.
 */
import type { SpreadsheetPort } from '../../platform/ports';
import { appendBelow } from '../../platform/sheet-rows';

export const SEARCH_KEYS_SHEET = '_sheet_enrich_search_keys';
const HEADER = ['tab', 'keys'];
const SEPARATOR = '\n';

/** Every key the tab was ever given (empty for a tab of an earlier version: its rows seed it). */
export function readTabKeys(spreadsheet: SpreadsheetPort, sheetId: number): Set<string> {
  const keys = new Set<string>();
  const sheet = spreadsheet.hiddenSheet(SEARCH_KEYS_SHEET, false);
  const lastRow = sheet?.lastRow() ?? 0;
  if (!sheet || lastRow < 2) return keys;
  for (const [tab, list] of sheet.readDisplayValues(2, 1, lastRow - 1, 2)) {
    if (tab === String(sheetId) && list) for (const key of list.split(SEPARATOR)) keys.add(key);
  }
  return keys;
}

/** Room per cell for keys, well below the 50,000 characters a cell holds. */
const KEYS_PER_CELL = 40_000;

/** Remembers keys the tab was given, in one write (one row per KEYS_PER_CELL characters of them). */
export function rememberTabKeys(
  spreadsheet: SpreadsheetPort,
  sheetId: number,
  keys: readonly string[],
): void {
  if (keys.length === 0) return;
  const rows: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const key of keys) {
    if (batch.length && size + key.length + 1 > KEYS_PER_CELL) {
      rows.push([String(sheetId), batch.join(SEPARATOR)]);
      [batch, size] = [[], 0];
    }
    batch.push(key);
    size += key.length + 1;
  }
  rows.push([String(sheetId), batch.join(SEPARATOR)]);
  appendBelow(spreadsheet.hiddenSheet(SEARCH_KEYS_SHEET, true)!, HEADER, rows);
}
