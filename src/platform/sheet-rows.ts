/** Row-level writes over a SheetPort, shared by the add-on's own sheets (ledger, jobs, log). */
import type { SheetPort } from './ports';

/**
 * Appends rows below the sheet's last row in one write, `header` first when the sheet is empty.
 * Returns the last row before the append (0: the sheet was empty).
 */
export function appendBelow(sheet: SheetPort, header: readonly string[], rows: string[][]): number {
  const lastRow = sheet.lastRow();
  sheet.writeText(lastRow + 1, 1, lastRow ? rows : [[...header], ...rows]);
  return lastRow;
}

/**
 * Rewrites the data rows (below the header) with `kept`, blanking the rest of the `rows` there were
 * (one write): how the add-on's own sheets drop the rows they no longer need.
 */
export function keepRows(sheet: SheetPort, kept: string[][], rows: number, width: number): void {
  sheet.writeText(2, 1, [
    ...kept,
    ...Array.from({ length: rows - kept.length }, () => Array<string>(width).fill('')),
  ]);
}
