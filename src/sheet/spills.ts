/**
 * Cells another formula's array result fills. Sheets lays an array result out below and right of
 * its formula; those cells hold no value of their own, and a value written there, even the one the
 * spill showed, blocks it: the formula shows #REF! (dev/gas/PARITY.md row 33). Apps Script tells
 * such a cell from a typed one by nothing (getFormulas gives "" for both), so its formula's text
 * tells: an array formula (ARRAYFORMULA, FILTER, SORT, UNIQUE, QUERY, ours, a bare range, or one
 * holding them) fills at most the height of its first range. A cell counted spilled that is not is
 * left unwritten, never overwritten: the safe side of the guess. A spill from a column left of the
 * cells read, or wider than its own column, is not seen.
 */
import { columnLetters } from '../platform/a1';
import type { CellRef, SheetPort } from '../platform/ports';
import { consecutiveRuns } from './text';

const ARRAY_FORMULA =
  /^=(?:.*\b(?:ARRAYFORMULA|FILTER|SORTN?|UNIQUE|QUERY|ENRICH_\w+|REVERSE_EMAIL)\s*\(|[^(]*:[^(]*$)/i;
const FIRST_RANGE = /\$?[A-Z]{1,3}\$?(\d*):\$?[A-Z]{1,3}\$?(\d*)/i;

/**
 * The rows an array formula's result covers (its own cell included): its first range's height. Its
 * width is not read: a result wider than its column is seen in that column only.
 */
export function spillHeight(formula: string, lastRow: number): number {
  const range = FIRST_RANGE.exec(formula);
  return range && ARRAY_FORMULA.test(formula)
    ? Math.abs((range[2] ? +range[2] : lastRow) - (+range[1]! || 1)) + 1
    : 1;
}

/** "F9" */
export const cellA1 = (row: number, column: number): string => columnLetters(column) + row;

/**
 * The cells (`row:column`) of `formulas` (read at top, left) that an array formula among them
 * fills, each with its formula's cell ("F8"); `lastRow` ends an open range (A2:A).
 */
export function spilledCells(
  formulas: readonly (readonly string[])[],
  top: number,
  left: number,
  lastRow: number,
): Map<string, string> {
  const spilled = new Map<string, string>();
  formulas.forEach((line, r) =>
    line.forEach((formula, c) => {
      const rows = spillHeight(formula, lastRow);
      for (let down = 1; down < rows; down++)
        spilled.set(`${top + r + down}:${left + c}`, cellA1(top + r, left + c));
    }),
  );
  return spilled;
}

/**
 * Writes `block` (its first cell at row, column) without the `spilled` cells in it: at once when
 * none is inside, else column by column, each in runs of rows between its spilled cells (a run
 * holding none of the `written` cells is not written).
 */
export function writeAround(
  sheet: SheetPort,
  row: number,
  column: number,
  block: readonly unknown[][],
  written: readonly CellRef[],
  textCells: readonly CellRef[],
  spilled: ReadonlyMap<string, string>,
  formulaCells: readonly CellRef[] = [],
): void {
  const rows = block.map((_, r) => row + r);
  const runs = block[0]!.map((_, c) =>
    consecutiveRuns(
      rows.filter((r) => !spilled.has(`${r}:${column + c}`)),
      (r) => r,
    ),
  );
  const pieces: [number[], number, number][] = runs.every((list) => list[0]?.length === rows.length)
    ? [[rows, 0, runs.length - 1]]
    : runs.flatMap((list, c) => list.map((down): [number[], number, number] => [down, c, c]));
  for (const [down, from, to] of pieces) {
    const inside = ([r, c]: CellRef) =>
      r >= down[0]! && r <= down.at(-1)! && c >= column + from && c <= column + to;
    if (written.some(inside))
      sheet.writeCells(
        down[0]!,
        column + from,
        down.map((r) => block[r - row]!.slice(from, to + 1)),
        textCells.filter(inside),
        formulaCells.filter(inside),
      );
  }
}
