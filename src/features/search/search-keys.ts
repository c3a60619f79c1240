/**
 * The results a search tab ever had, by key (columns.ts keyOf), in a hidden sheet: a result the user
 * deleted from the tab is not added back by Refresh or Load more, which add only what the tab never
 * had. Document properties (9 KB a value) cannot hold thousands of keys; a hidden sheet can, as for
 * the job fingerprints (store/job-sheet.ts).
 *
 * One row per batch of keys: A = the tab's sheet id, B = its keys one per line (a page of at most
 * 100 keys, far below a cell's 50,000 characters). Read once per call, one append per page.
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

/** Remembers keys the tab was given, in one write. */
export function rememberTabKeys(
  spreadsheet: SpreadsheetPort,
  sheetId: number,
  keys: readonly string[],
): void {
  if (keys.length === 0) return;
  appendBelow(spreadsheet.hiddenSheet(SEARCH_KEYS_SHEET, true)!, HEADER, [
    [String(sheetId), keys.join(SEPARATOR)],
  ]);
}
