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
