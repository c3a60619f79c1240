/** A CSV's rows on a sheet of the local runtime, selected as a user would before a run. */
import type { Addon } from '../../dev/gas/harness';
import { columnLetters } from '../../dev/gas/spreadsheet/a1';

/**
 * Puts the rows on the sheet `name` (replacing what an earlier run left there), as plain text: a
 * CSV is data, so "0612…" keeps its zero and "=…" or "+1 555…" stay the text they were.
 */
export function loadRowsAsSheet(addon: Addon, name: string, rows: readonly (readonly string[])[]): void {
  const spreadsheet = addon.spreadsheet;
  const sheets = spreadsheet.getSheets();
  let sheet = spreadsheet.getSheetByName(name);
  if (!sheet && sheets.length === 1 && sheets[0]!.getLastRow() === 0) sheet = sheets[0]!.setName(name);
  sheet = sheet ?? spreadsheet.insertSheet(name);
  sheet.clear();
  sheet.activate();
  const width = Math.max(1, ...rows.map((row) => row.length));
  if (rows.length === 0) return;
  sheet.ensureSize(rows.length, width);
  const range = sheet.getRange(1, 1, rows.length, width);
  range.setNumberFormat('@');
  range.setValues(rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]));
}

/** Selects every data row under the header, as a user would before "Enrich selected rows". */
export function selectDataRows(addon: Addon, name: string, rows: number, width: number): void {
  addon.setSelection(`A2:${columnLetters(Math.max(1, width))}${Math.max(2, rows)}`, name);
}
