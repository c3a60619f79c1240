/**
 * What the fill handle and copy/paste write, as Sheets does: a formula moved by (rows, columns)
 * gets its relative references moved by as much (`A2` dragged down one row is `A3`), the parts
 * pinned with `$` stay (`$A$2`, `A$2`'s row, `$A2`'s column), text in quotes is left alone, and a
 * reference pushed off the sheet becomes `#REF!`. Plain values are copied as they are.
 */
import { columnLetters } from '../../gas/spreadsheet/a1';
import type { GridRect } from '../protocol';

/** One cell to write, 1-based, as the user would type it. */
export interface CellEdit {
  row: number;
  column: number;
  value: string;
}

/** A block of cells as copied: what each cell holds (its formula, else its value), and where it was. */
export interface CopiedBlock {
  rect: GridRect;
  cells: string[][];
}

// An optional sheet name ('My sheet'! or Sheet1!), then $?COLUMN$?ROW, not inside a longer name.
const REFERENCE = /((?:'[^']*(?:''[^']*)*'|[A-Za-z_][\w.]*)!)?(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![\w(])/g;
const STRING_OR_REST = /("(?:[^"]|"")*")|([^"]+)/g;

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

const mod = (value: number, by: number): number => ((value % by) + by) % by;

/** `formula` moved by `rows` down and `columns` right (negative: up, left). */
export function shiftFormula(formula: string, rows: number, columns: number): string {
  if (!formula.startsWith('=')) return formula;
  return formula.replace(STRING_OR_REST, (part: string, quoted: string | undefined) => {
    if (quoted !== undefined) return part;
    return part.replace(
      REFERENCE,
      (
        whole,
        sheet: string | undefined,
        pinColumn,
        letters: string,
        pinRow,
        digits: string,
        offset: number,
      ) => {
        // Part of a longer word (a function or a name such as LOG10): not a reference.
        if (offset > 0 && /[\w$.]/.test(part[offset - 1]!)) return whole;
        const column = pinColumn ? columnNumber(letters) : columnNumber(letters) + columns;
        const row = pinRow ? Number(digits) : Number(digits) + rows;
        if (column < 1 || row < 1) return '#REF!';
        return `${sheet ?? ''}${pinColumn}${columnLetters(column)}${pinRow}${row}`;
      },
    );
  });
}

/**
 * The cells of `target` filled from `source` repeated (the fill handle), or pasted at its corner:
 * each target cell takes the source cell at the same place in the repeated block, its formula moved
 * by the distance between the two.
 */
export function fillFrom(source: CopiedBlock, target: GridRect): CellEdit[] {
  const edits: CellEdit[] = [];
  const { rect, cells } = source;
  for (let r = 0; r < target.numRows; r++)
    for (let c = 0; c < target.numColumns; c++) {
      const row = target.row + r;
      const column = target.column + c;
      // Aligned on the source, also when filling up or left of it.
      const fromRow = mod(row - rect.row, rect.numRows);
      const fromColumn = mod(column - rect.column, rect.numColumns);
      const text = cells[fromRow]?.[fromColumn] ?? '';
      const moved = shiftFormula(text, row - (rect.row + fromRow), column - (rect.column + fromColumn));
      edits.push({ row, column, value: moved });
    }
  return edits;
}

/**
 * Where a fill handle dragged from `source` to `cell` fills: the source extended down, up, right or
 * left to the cell's row or column (the direction the pointer went furthest), or null inside it.
 */
export function fillTarget(source: GridRect, cell: { row: number; column: number }): GridRect | null {
  const below = cell.row - (source.row + source.numRows - 1);
  const above = source.row - cell.row;
  const right = cell.column - (source.column + source.numColumns - 1);
  const left = source.column - cell.column;
  const furthest = Math.max(below, above, right, left);
  if (furthest <= 0) return null;
  if (furthest === below) return { ...source, numRows: source.numRows + below };
  if (furthest === above) return { ...source, row: cell.row, numRows: source.numRows + above };
  if (furthest === right) return { ...source, numColumns: source.numColumns + right };
  return { ...source, column: cell.column, numColumns: source.numColumns + left };
}

/** Tab-separated text of a block, for the system clipboard (other programs paste it as a table). */
export function asTsv(cells: string[][]): string {
  return cells.map((row) => row.join('\t')).join('\n');
}

/** A table pasted from elsewhere (tab-separated lines) as cells. */
export function fromTsv(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));
}
