/**
 * "Convert formulas to values": our formulas (and the column each one spills) become the text they
 * show, so results survive sharing, copying and uninstalling. Only those cells change: the others
 * of the block written are put back exactly as they were (formulas, numbers, dates, text), and so
 * are an error a formula shows and the empty cells of a result.
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

/** A cell showing an error (#ERROR!, #REF!, #N/A…): never frozen as text, it stays a formula. */
const SHOWS_ERROR = /^#(ERROR!|REF!|N\/A|VALUE!|NAME\?|DIV\/0!|NUM!|NULL!)$/;

/** What a conversion did: cells now holding text, and formula cells left as they were (an error). */
export interface Converted {
  cells: number;
  errors: number;
}

/**
 * Converts the formulas whose result reaches the selected rows (one selected cell: its row). A
 * range formula's result is converted whole: its cells cannot be half formula, half text. An error
 * is left as its formula and an empty cell of a result stays empty, never "" as text.
 */
export function convertFormulasToValues(ctx: AppContext): Converted {
  const sheet = ctx.spreadsheet.activeSheet();
  const lastRow = sheet.lastRow();
  const lastColumn = sheet.lastColumn();
  if (!lastRow || !lastColumn) return { cells: 0, errors: 0 };
  const cellRow = ctx.spreadsheet.selectedCellRow();
  const spans = cellRow ? [{ start: cellRow, end: cellRow }] : ctx.spreadsheet.selectedRows();
  const reaches = (top: number, height: number) =>
    spans.length === 0 || spans.some((span) => top <= span.end && top + height - 1 >= span.start);
  const formulas = sheet.readFormulas(1, 1, lastRow, lastColumn);
  // The cells our formulas' results cover, and the block they lie in (rows come top to bottom).
  const targets = new Set<string>();
  let top = 0;
  let bottom = 0;
  let left = Infinity;
  let right = 0;
  formulas.forEach((line, index) =>
    line.forEach((formula, offset) => {
      const height = isOurFormula(formula) ? spillHeight(formula, lastRow) : 0;
      const row = index + 1;
      const column = offset + 1;
      if (!height || !reaches(row, height)) return;
      for (let cell = row; cell < row + height && cell <= lastRow; cell++) targets.add(`${cell}:${column}`);
      top ||= row;
      bottom = Math.min(lastRow, Math.max(bottom, row + height - 1));
      left = Math.min(left, column);
      right = Math.max(right, column);
    }),
  );
  if (!top) throw new UserError('No Sheet Enrich formula in the selected rows.');
  const existing = sheet.readCells(top, left, bottom - top + 1, right - left + 1);
  const textCells: CellRef[] = [];
  let errors = 0;
  const block = existing.values.map((line, r) =>
    line.map((value, c) => {
      const row = top + r;
      const column = left + c;
      const text = value instanceof Date ? value.toISOString() : String(value ?? '');
      if (!targets.has(`${row}:${column}`) || text === '') return keptAsItWas(existing, r, c);
      if (SHOWS_ERROR.test(text)) {
        errors += existing.formulas[r]![c] ? 1 : 0;
        return keptAsItWas(existing, r, c);
      }
      textCells.push([row, column]);
      return text;
    }),
  );
  sheet.writeCells(top, left, block, textCells);
  return { cells: textCells.length, errors };
}
