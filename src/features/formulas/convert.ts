/**
 * "Convert formulas to values": our formulas (and the column each one spills) become the text they
 * show, so results survive sharing, copying and uninstalling. Only those cells change: the others
 * of the block written are put back exactly as they were (formulas, numbers, dates, text), and so
 * are an error a formula shows and the empty cells of a result.
 * A formula still waiting for its answer (queued, running…) stays a formula, its spill untouched:
 * as text it could never show the answer a run pays for.
 * Three reads and two writes whatever the number of formulas (a write more per piece around another
 * formula's spill in the block).
 */
import type { AppContext } from '../../engine/context';
import { isOurFormula } from './formula-refresh';
import type { CellRef } from '../../platform/ports';
import { keptAsItWas } from '../../sheet/writer';
import { spillHeight, spilledCells, writeAround } from '../../sheet/spills';
import { UserError } from '../../domain/user-error';
import { isWaitingStatus } from './custom-functions';
import { agree, plural } from '../../domain/words';

/** A cell showing an error (#ERROR!, #REF!, #N/A…): never frozen as text, it stays a formula. */
const SHOWS_ERROR = /^#(ERROR!|REF!|N\/A|VALUE!|NAME\?|DIV\/0!|NUM!|NULL!)$/;

/** What a conversion did: formulas (and their cells) now text, and formulas left as they were. */
interface Converted {
  formulas: number;
  cells: number;
  /** Formulas showing an error. */
  errors: number;
  /** Formulas still waiting for an answer (queued, running, cleared…): text would never get it. */
  waiting: number;
}

/** One of our formulas whose result reaches the selected rows: its cell and the rows it covers. */
interface Spill {
  row: number;
  column: number;
  height: number;
}

/**
 * Converts the formulas whose result reaches the selected rows (one selected cell: its row). A
 * range formula's result is one thing: converted whole when every cell of it has its answer, else
 * left whole (formula and spill), since text in a spilled cell blocks the spill (#REF!) and could
 * never show the answer a run pays for. An error is left as its formula and an empty cell of a
 * result stays empty, never "" as text. No cell of another formula's result (ours kept, or the
 * user's ARRAYFORMULA between ours) is written, not even back (sheet/spills.ts).
 */
export function convertFormulasToValues(ctx: AppContext): Converted {
  const none = { formulas: 0, cells: 0, errors: 0, waiting: 0 };
  const sheet = ctx.spreadsheet.activeSheet();
  const lastRow = sheet.lastRow();
  const lastColumn = sheet.lastColumn();
  if (!lastRow || !lastColumn) return none;
  const cellRow = ctx.spreadsheet.selectedCellRow();
  const spans = cellRow ? [{ start: cellRow, end: cellRow }] : ctx.spreadsheet.selectedRows();
  const reaches = (top: number, height: number) =>
    spans.length === 0 || spans.some((span) => top <= span.end && top + height - 1 >= span.start);
  const spills: Spill[] = [];
  const formulas = sheet.readFormulas(1, 1, lastRow, lastColumn);
  formulas.forEach((line, index) =>
    line.forEach((formula, offset) => {
      if (!isOurFormula(formula)) return;
      const height = Math.min(spillHeight(formula, lastRow), lastRow - index);
      if (reaches(index + 1, height)) spills.push({ row: index + 1, column: offset + 1, height });
    }),
  );
  if (!spills.length) throw new UserError('No Sheet Enrich formula in the selected rows.');
  // A loop, not Math.min(...spills): spreading 125,000+ arguments overflows the call stack.
  let [left, right, bottom] = [Infinity, 0, 0];
  for (const spill of spills) {
    left = Math.min(left, spill.column);
    right = Math.max(right, spill.column);
    bottom = Math.max(bottom, spill.row + spill.height - 1);
  }
  const top = spills[0]!.row;
  const existing = sheet.readCells(top, left, bottom - top + 1, right - left + 1);
  const textAt = (row: number, column: number) => {
    const value = existing.values[row - top]![column - left];
    return value instanceof Date ? value.toISOString() : String(value ?? '');
  };
  const result = { ...none };
  const spilled = spilledCells(formulas, 1, 1, lastRow);
  const written: CellRef[] = [];
  for (const spill of spills) {
    const cells = Array.from({ length: spill.height }, (_, r) => textAt(spill.row + r, spill.column));
    if (SHOWS_ERROR.test(cells[0]!)) result.errors++;
    else if (cells.some(isWaitingStatus)) result.waiting++;
    else {
      result.formulas++;
      for (let r = 0; r < spill.height; r++) {
        written.push([spill.row + r, spill.column]);
        spilled.delete(`${spill.row + r}:${spill.column}`);
      }
    }
  }
  const block = existing.values.map((line, r) => line.map((_, c) => keptAsItWas(existing, r, c)));
  const textCells = written.filter(([row, column]) => textAt(row, column) !== '');
  for (const [row, column] of written) block[row - top]![column - left] = textAt(row, column);
  writeAround(sheet, top, left, block, written, textCells, spilled);
  return { ...result, cells: textCells.length };
}

/** The toast of "Convert formulas to values": what became text, and what stayed a formula and why. */
export function convertedMessage({ formulas, cells, errors, waiting }: Converted): string {
  const parts = [
    formulas
      ? `${plural(formulas, 'formula')} (${plural(cells, 'cell')}) now ${agree(formulas, 'shows its values', 'show their values')} as text: ${agree(formulas, 'it no longer needs', 'they no longer need')} Sheet Enrich.`
      : 'No formula became text.',
  ];
  if (errors)
    parts.push(
      `${plural(errors, 'formula')} showing an error ${agree(errors, 'stays a formula', 'stay formulas')}.`,
    );
  if (waiting)
    parts.push(
      `${plural(waiting, 'formula')} still waiting for ${agree(waiting, 'its answer stays a formula', 'their answers stay formulas')}, to show ${agree(waiting, 'it', 'them')} when ${agree(waiting, 'it comes', 'they come')} (Get formula results).`,
    );
  return parts.join(' ');
}
