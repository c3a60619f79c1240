/** A1 notation: `A1`, `A1:C10`, `B:B`, `2:5`, `A2:C`, `$A$1`, `'My sheet'!A1:B2`. */
import { gasError, MESSAGES } from '../errors';

export interface GridRect {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export interface A1Reference {
  sheetName?: string;
  /** The rectangle, given the sheet's size (open-ended references run to its edge). */
  resolve(maxRows: number, maxColumns: number): GridRect;
}

const ENDPOINT = /^\$?([A-Z]*)\$?(\d*)$/i;

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

export function toA1(rect: GridRect): string {
  const start = `${columnLetters(rect.column)}${rect.row}`;
  if (rect.numRows === 1 && rect.numColumns === 1) return start;
  const lastColumn = rect.column + rect.numColumns - 1;
  return `${start}:${columnLetters(lastColumn)}${rect.row + rect.numRows - 1}`;
}

interface Endpoint {
  column?: number;
  row?: number;
}

function parseEndpoint(text: string): Endpoint {
  const match = ENDPOINT.exec(text.trim());
  if (!match || (!match[1] && !match[2])) throw gasError(MESSAGES.rangeNotFound);
  const column = match[1] ? columnNumber(match[1]) : undefined;
  const row = match[2] ? Number(match[2]) : undefined;
  if (row === 0) throw gasError(MESSAGES.rangeNotFound);
  return { column, row };
}

function splitSheetName(a1: string): { sheetName?: string; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { cells: a1 };
  let sheetName = a1.slice(0, bang);
  if (sheetName.startsWith("'") && sheetName.endsWith("'"))
    sheetName = sheetName.slice(1, -1).replace(/''/g, "'");
  return { sheetName, cells: a1.slice(bang + 1) };
}

export function parseA1(a1: string): A1Reference {
  const { sheetName, cells } = splitSheetName(String(a1).trim());
  const [firstText, secondText, extra] = cells.split(':');
  if (firstText === undefined || extra !== undefined) throw gasError(MESSAGES.rangeNotFound);
  const first = parseEndpoint(firstText);
  const second = secondText === undefined ? first : parseEndpoint(secondText);
  // A lone `A` or `5` is not a reference; `A:A` and `5:5` are.
  if (secondText === undefined && (first.row === undefined || first.column === undefined)) {
    throw gasError(MESSAGES.rangeNotFound);
  }
  return {
    sheetName,
    resolve(maxRows, maxColumns) {
      const rows = [first.row ?? 1, second.row ?? maxRows];
      const columns = [first.column ?? 1, second.column ?? maxColumns];
      const [r1, r2] = [Math.min(rows[0]!, rows[1]!), Math.max(rows[0]!, rows[1]!)];
      const [c1, c2] = [Math.min(columns[0]!, columns[1]!), Math.max(columns[0]!, columns[1]!)];
      return { row: r1, column: c1, numRows: r2 - r1 + 1, numColumns: c2 - c1 + 1 };
    },
  };
}
