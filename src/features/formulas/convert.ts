/**
 * "Convert formulas to values": our formulas (and the column each one spills) become the text they
 * show, so results survive sharing, copying and uninstalling. Only those cells change: the others
 * of the block written are put back exactly as they were (formulas, numbers, dates, text), and so
 * are an error a formula shows and the empty cells of a result.
 * A formula still waiting for its answer (queued, running…) stays a formula, its spill untouched:
 * as text it could never show the answer a run pays for.
 * Three reads and two writes, whatever the number of formulas.
 */
import type { AppContext } from '../../engine/context';
import { isOurFormula } from './formula-refresh';
import type { CellRef } from '../../platform/ports';
import { keptAsItWas } from '../../sheet/writer';
import { UserError } from '../../domain/user-error';
import { isWaitingStatus } from './custom-functions';
import { agree, plural } from '../../domain/words';

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

/** What a conversion did: formulas (and their cells) now text, and formulas left as they were. */
export interface Converted {
  formulas: number;
  cells: number;
  /** Formulas showing an error. */
  errors: number;
  /** Formulas still waiting for an answer (queued, running, cleared…): text would never get it. */
  waiting: number;
}

/** One of our formulas: its cell and the rows its result covers. */
interface Spill {
  row: number;
  column: number;
  height: number;
  /** Whether its result reaches the selected rows (only those are converted). */
  chosen: boolean;
}

/**
 * Converts the formulas whose result reaches the selected rows (one selected cell: its row). A
 * range formula's result is one thing: converted whole when every cell of it has its answer, else
 * left whole (formula and spill), since text in a spilled cell blocks the spill (#REF!) and could
 * never show the answer a run pays for. An error is left as its formula and an empty cell of a
 * result stays empty, never "" as text.
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
  sheet.readFormulas(1, 1, lastRow, lastColumn).forEach((line, index) =>
    line.forEach((formula, offset) => {
      if (!isOurFormula(formula)) return;
      const height = Math.min(spillHeight(formula, lastRow), lastRow - index);
      spills.push({ row: index + 1, column: offset + 1, height, chosen: reaches(index + 1, height) });
    }),
  );
  const chosen = spills.filter((spill) => spill.chosen);
  if (!chosen.length) throw new UserError('No Sheet Enrich formula in the selected rows.');
  const left = Math.min(...chosen.map((spill) => spill.column));
  const right = Math.max(...chosen.map((spill) => spill.column));
  const bottom = Math.max(...chosen.map((spill) => spill.row + spill.height - 1));
  // Every spill the block written crosses, the others' too: their spilled cells are written back empty.
  const crossed = spills.filter(
    (spill) =>
      spill.column >= left &&
      spill.column <= right &&
      spill.row <= bottom &&
      spill.row + spill.height - 1 >= chosen[0]!.row,
  );
  const top = Math.min(...crossed.map((spill) => spill.row));
  const existing = sheet.readCells(top, left, bottom - top + 1, right - left + 1);
  const textAt = (row: number, column: number) => {
    const value = existing.values[row - top]![column - left];
    return value instanceof Date ? value.toISOString() : String(value ?? '');
  };
  // Each cell's spill, and whether that spill becomes text (converted) or stays whole.
  const owner = new Map<string, { spill: Spill; converted: boolean; blocked: boolean }>();
  const result = { ...none };
  for (const spill of crossed) {
    const cells = Array.from({ length: spill.height }, (_, r) => textAt(spill.row + r, spill.column));
    const blocked = SHOWS_ERROR.test(cells[0]!);
    const waits = cells.some(isWaitingStatus);
    if (spill.chosen && blocked) result.errors++;
    else if (spill.chosen && waits) result.waiting++;
    const converted = spill.chosen && !blocked && !waits;
    if (converted) result.formulas++;
    for (let r = 0; r < spill.height; r++)
      owner.set(`${spill.row + r}:${spill.column}`, { spill, converted, blocked });
  }
  const textCells: CellRef[] = [];
  const block = existing.values.map((line, r) =>
    line.map((_, c) => {
      const [row, column] = [top + r, left + c];
      const cell = owner.get(`${row}:${column}`);
      const anchor = cell?.spill.row === row;
      const text = textAt(row, column);
      if (!cell || (anchor && !cell.converted) || (cell.blocked && !anchor))
        return keptAsItWas(existing, r, c);
      // A spill left whole: its cells hold no value of their own (any would block it).
      if (!cell.converted || text === '') return '';
      textCells.push([row, column]);
      return text;
    }),
  );
  sheet.writeCells(top, left, block, textCells);
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
