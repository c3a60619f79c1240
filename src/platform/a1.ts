/** A1 notation for the adapters (Apps Script's RangeList takes A1 strings). */
import { kept } from '../domain/objects';
import type { CellRef } from './ports';

/** 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const a1 = (row: number, column: number, lastRow: number, lastColumn: number): string =>
  row === lastRow && column === lastColumn
    ? `${columnLetters(column)}${row}`
    : `${columnLetters(column)}${row}:${columnLetters(lastColumn)}${lastRow}`;

/**
 * The fewest rectangles (as A1) covering exactly the given cells: the cells of each row are cut into
 * runs of adjacent columns, and consecutive rows with the same runs share one rectangle. A job's
 * rows with the same owned columns therefore make a handful of ranges, not one per cell.
 */
export function cellsToA1(cells: readonly CellRef[]): string[] {
  const byRow = new Map<number, number[]>();
  for (const [row, column] of cells) kept(byRow, row, () => []).push(column);
  const ranges: string[] = [];
  let open: { from: number; to: number; runs: [number, number][] } | undefined;
  const close = () => {
    for (const [from, to] of open?.runs ?? []) ranges.push(a1(open!.from, from, open!.to, to));
  };
  for (const row of [...byRow.keys()].sort((a, b) => a - b)) {
    // The row's runs of adjacent columns, [first, last] each.
    const runs: [number, number][] = [];
    for (const column of [...new Set(byRow.get(row))].sort((a, b) => a - b)) {
      const last = runs[runs.length - 1];
      if (last && column === last[1] + 1) last[1] = column;
      else runs.push([column, column]);
    }
    // The row below the open block with the same runs grows it ("3,4,7,7": pairs flattened).
    if (open && open.to === row - 1 && open.runs.join() === runs.join()) open.to = row;
    else {
      close();
      open = { from: row, to: row, runs };
    }
  }
  close();
  return ranges;
}
