/**
 * "Convert formulas to values": our formulas (and the column each one spills) become the text they
 * show, so results survive sharing, copying and uninstalling. Only those cells change: the others
 * of the block written are put back exactly as they were (formulas, numbers, dates, text).
 * Three reads and two writes, whatever the number of formulas.
 */
import type { AppContext } from '../../engine/context';
import { isOurFormula } from '../../engine/formula-refresh';
import type { CellRef } from '../../platform/ports';
import { keptAsItWas } from '../../sheet/writer';
import { UserError } from '../../domain/user-error';

/** Rows a formula's result covers: the height of its first range argument (1 for single cells). */
export function spillHeight(formula: string, lastRow: number): number {
  const range = /\$?[A-Z]{1,3}\$?(\d+):\$?[A-Z]{1,3}\$?(\d*)/i.exec(formula);
  if (!range) return 1;
  const start = Number(range[1]);
  const end = range[2] ? Number(range[2]) : lastRow;
  return Math.max(1, end - start + 1);
}

/** Converts the formulas of the selected rows (every row when one cell is selected). Returns how many cells. */
export function convertFormulasToValues(ctx: AppContext): number {
  const sheet = ctx.spreadsheet.activeSheet();
  const lastRow = sheet.lastRow();
  const lastColumn = sheet.lastColumn();
  if (!lastRow || !lastColumn) return 0;
  const spans = ctx.spreadsheet.selectedRows();
  const inScope = (row: number) =>
    spans.length === 0 || spans.some((span) => row >= span.start && row <= span.end);
  const formulas = sheet.readFormulas(1, 1, lastRow, lastColumn);
  const origins: { row: number; column: number; height: number }[] = [];
  formulas.forEach((line, index) =>
    line.forEach((formula, offset) => {
      if (isOurFormula(formula) && inScope(index + 1))
        origins.push({ row: index + 1, column: offset + 1, height: spillHeight(formula, lastRow) });
    }),
  );
  if (origins.length === 0) throw new UserError('No Sheet Enrich formula in the selected rows.');
  const top = Math.min(...origins.map((origin) => origin.row));
  const bottom = Math.min(lastRow, Math.max(...origins.map((origin) => origin.row + origin.height - 1)));
  const left = Math.min(...origins.map((origin) => origin.column));
  const right = Math.max(...origins.map((origin) => origin.column));
  const existing = sheet.readCells(top, left, bottom - top + 1, right - left + 1);
  const targets = new Set<string>();
  for (const origin of origins)
    for (let row = origin.row; row < origin.row + origin.height && row <= bottom; row++)
      targets.add(`${row}:${origin.column}`);
  const textCells: CellRef[] = [];
  const block = existing.values.map((line, r) =>
    line.map((value, c) => {
      const row = top + r;
      const column = left + c;
      if (!targets.has(`${row}:${column}`)) return keptAsItWas(existing, r, c);
      textCells.push([row, column]);
      return value instanceof Date ? value.toISOString() : String(value ?? '');
    }),
  );
  sheet.writeCells(top, left, block, textCells);
  return textCells.length;
}
