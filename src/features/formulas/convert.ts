/**
 * "Convert formulas to values": our formulas (and the column each one spills) become the text they
 * show, so results survive sharing, copying and uninstalling. Only those cells change: the others
 * of the block written are put back exactly as they were (formulas, numbers, dates, text), and so
 * are an error a formula shows and the empty cells of a result.
 * A formula still waiting for its answer (queued, running…) stays a formula: as text it could never
 * show the answer a run pays for.
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

/** What a conversion did: cells now holding text, and formulas left as they were. */
export interface Converted {
  cells: number;
  /** Formula cells showing an error. */
  errors: number;
  /** Formulas still waiting for an answer (queued, running, cleared…): text would never get it. */
  waiting: number;
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
  if (!lastRow || !lastColumn) return { cells: 0, errors: 0, waiting: 0 };
  const cellRow = ctx.spreadsheet.selectedCellRow();
  const spans = cellRow ? [{ start: cellRow, end: cellRow }] : ctx.spreadsheet.selectedRows();
  const reaches = (top: number, height: number) =>
    spans.length === 0 || spans.some((span) => top <= span.end && top + height - 1 >= span.start);
  const formulas = sheet.readFormulas(1, 1, lastRow, lastColumn);
  // The cells our formulas' results cover (each to its formula's cell), and the block they lie in
  // (rows come top to bottom).
  const targets = new Map<string, string>();
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
      for (let cell = row; cell < row + height && cell <= lastRow; cell++)
        targets.set(`${cell}:${column}`, `${row}:${column}`);
      top ||= row;
      bottom = Math.min(lastRow, Math.max(bottom, row + height - 1));
      left = Math.min(left, column);
      right = Math.max(right, column);
    }),
  );
  if (!top) throw new UserError('No Sheet Enrich formula in the selected rows.');
  const existing = sheet.readCells(top, left, bottom - top + 1, right - left + 1);
  const textOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ''));
  // A formula any of whose cells waits for an answer stays whole: its result cannot be half text.
  const waiting = new Set<string>();
  existing.values.forEach((line, r) =>
    line.forEach((value, c) => {
      const origin = targets.get(`${top + r}:${left + c}`);
      if (origin && isWaitingStatus(textOf(value))) waiting.add(origin);
    }),
  );
  const textCells: CellRef[] = [];
  let errors = 0;
  const block = existing.values.map((line, r) =>
    line.map((value, c) => {
      const row = top + r;
      const column = left + c;
      const text = textOf(value);
      const origin = targets.get(`${row}:${column}`);
      if (!origin || waiting.has(origin) || text === '') return keptAsItWas(existing, r, c);
      if (SHOWS_ERROR.test(text)) {
        errors += existing.formulas[r]![c] ? 1 : 0;
        return keptAsItWas(existing, r, c);
      }
      textCells.push([row, column]);
      return text;
    }),
  );
  sheet.writeCells(top, left, block, textCells);
  return { cells: textCells.length, errors, waiting: waiting.size };
}

/** The toast of "Convert formulas to values": what became text, and what stayed a formula and why. */
export function convertedMessage({ cells, errors, waiting }: Converted): string {
  const parts = [
    `${plural(cells, 'cell')} now ${agree(cells, 'holds its value', 'hold their values')} as text: ${agree(cells, 'it no longer needs', 'they no longer need')} Sheet Enrich.`,
  ];
  if (errors)
    parts.push(`${plural(errors, 'cell')} showing an error kept ${agree(errors, 'its', 'their')} formula.`);
  if (waiting)
    parts.push(
      `${plural(waiting, 'formula')} still waiting for ${agree(waiting, 'its answer stays a formula', 'their answers stay formulas')}, to show ${agree(waiting, 'it', 'them')} when ${agree(waiting, 'it comes', 'they come')} (Get formula results).`,
    );
  return parts.join(' ');
}
