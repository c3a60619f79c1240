/**
 * What Sheets does when it recalculates `=MY_FUNCTION(A2, B2:C3, "x")`: each custom-function cell
 * runs as its own custom-function execution with the referenced cells' values (a single cell as a
 * value, a range as a 2-D array) and shows the result, spilling arrays down and right. Built-in
 * functions are not evaluated. A thrown error shows as #ERROR!; a spill onto data as #REF!.
 *
 * When: custom functions are not volatile. Sheets evaluates one again only when the values of its
 * arguments changed or its formula text did (Apps Script guide, "Custom functions": results are
 * cached; "a custom function ... is only recalculated when its arguments change"). A text change
 * counts when Sheets saw it: formulas are compared at flush points (SpreadsheetApp.flush, the end of
 * every execution, and each recalculate()), so clearing a formula, flushing and writing it back
 * makes it run again, while writing back the identical text, or clearing and rewriting it with no
 * flush between, does not.
 */
import { parseA1 } from './spreadsheet/a1';
import type { Cell, CellValue } from './spreadsheet/parsing';
import type { FakeSheet } from './spreadsheet/sheet';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';

const CALL = /^=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/;

/** Runs a custom function; `undefined` when the project has no function of that name. */
export type CustomFunctionRunner = (
  name: string,
  args: unknown[],
) => { value: unknown } | { error: unknown } | undefined;

function splitArguments(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '(' || char === '{')) depth++;
    if (!quoted && (char === ')' || char === '}')) depth--;
    if (!quoted && depth === 0 && char === ',') {
      args.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim() !== '' || args.length > 0) args.push(current.trim());
  return args;
}

class UnsupportedArgument extends Error {}

function argumentValue(text: string, sheet: FakeSheet): unknown {
  if (/^"(?:[^"]|"")*"$/.test(text)) return text.slice(1, -1).replace(/""/g, '"');
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return Number(text);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (text === '') return '';
  try {
    const reference = parseA1(text);
    const target =
      reference.sheetName === undefined ? sheet : sheet.parent.getSheetByName(reference.sheetName);
    if (!target) throw new UnsupportedArgument(text);
    const rect = reference.resolve(target.getLastRow() || 1, target.getLastColumn() || 1);
    const values = target.rangeOf(rect).getValues();
    return rect.numRows === 1 && rect.numColumns === 1 ? values[0]![0] : values;
  } catch {
    throw new UnsupportedArgument(text);
  }
}

/** A result as a grid: a 1-D array is a column, as Sheets shows it. */
function resultGrid(value: unknown): CellValue[][] {
  const cell = (v: unknown): CellValue =>
    v === null || v === undefined
      ? ''
      : v instanceof Date || typeof v !== 'object'
        ? (v as CellValue)
        : String(v);
  if (!Array.isArray(value)) return [[cell(value)]];
  return value.map((row: unknown) => (Array.isArray(row) ? row.map(cell) : [cell(row)]));
}

const argumentsKey = (args: unknown[]): string =>
  JSON.stringify(args, (_key, value: unknown) => (value instanceof Date ? `date:${value.getTime()}` : value));

export class Recalculator {
  /** Cells a previous result spilled into, cleared before the next run of the same formula. */
  private readonly spills = new Map<string, { row: number; column: number; cell: Cell }[]>();
  /** Each formula cell's text at the last flush point, and how often it changed between two. */
  private readonly seen = new Map<string, { text: string; version: number }>();
  /** What each cell was last evaluated with. */
  private readonly evaluated = new Map<string, { version: number; args: string; grid?: CellValue[][] }>();
  /** Custom-function executions so far. */
  runs = 0;

  constructor(private readonly run: CustomFunctionRunner) {}

  /** A flush point: formula texts that differ from the last one's count as changed. */
  observe(spreadsheet: FakeSpreadsheet): void {
    const now = new Map<string, string>();
    for (const sheet of spreadsheet.getSheets())
      for (const { row, column, cell } of sheet.exportCells())
        if (cell.formula !== undefined) now.set(`${sheet.getSheetId()}:${row}:${column}`, cell.formula);
    for (const key of new Set([...this.seen.keys(), ...now.keys()])) {
      const text = now.get(key) ?? '';
      const seen = this.seen.get(key);
      if (!seen) this.seen.set(key, { text, version: 0 });
      else if (seen.text !== text) this.seen.set(key, { text, version: seen.version + 1 });
    }
  }

  /** Evaluates the custom-function cells whose text or arguments changed; returns how many ran. */
  recalculate(spreadsheet: FakeSpreadsheet): number {
    this.observe(spreadsheet);
    let ran = 0;
    for (const sheet of spreadsheet.getSheets()) {
      for (const { row, column, cell } of sheet.exportCells()) {
        const match = cell.formula === undefined ? null : CALL.exec(cell.formula);
        if (!match) continue;
        let args: unknown[];
        try {
          args = splitArguments(match[2]!).map((text) => argumentValue(text, sheet));
        } catch {
          continue; // nested formulas and the like: left to Sheets
        }
        const key = `${sheet.getSheetId()}:${row}:${column}`;
        const version = this.seen.get(key)?.version ?? 0;
        const last = this.evaluated.get(key);
        const argsKey = argumentsKey(args);
        if (last && last.version === version && last.args === argsKey) {
          // Not run again: its cached result is laid out again (data typed into its spill: #REF!).
          if (last.grid) this.show(sheet, row, column, last.grid);
          continue;
        }
        this.runs += 1;
        const outcome = this.run(match[1]!, args);
        const grid = !outcome ? undefined : 'error' in outcome ? [['#ERROR!']] : resultGrid(outcome.value);
        this.evaluated.set(key, { version, args: argsKey, grid });
        if (!grid) continue;
        ran += 1;
        this.show(sheet, row, column, grid);
      }
    }
    return ran;
  }

  private show(sheet: FakeSheet, row: number, column: number, grid: CellValue[][]): void {
    const key = `${sheet.getSheetId()}:${row}:${column}`;
    // A spilled cell the user has since overwritten is theirs now: only untouched ones are cleared.
    for (const spill of this.spills.get(key) ?? []) {
      if (sheet.cellAt(spill.row, spill.column) === spill.cell)
        sheet.putCell(spill.row, spill.column, undefined);
    }
    const origin = sheet.cellAt(row, column)!;
    const spilled: [number, number][] = [];
    grid.forEach((line, r) =>
      line.forEach((_v, c) => (r > 0 || c > 0) && spilled.push([row + r, column + c])),
    );
    const blocked = spilled.some(([r, c]) => {
      const other = sheet.cellAt(r, c);
      return (
        r > sheet.getMaxRows() ||
        c > sheet.getMaxColumns() ||
        (other && (other.value !== '' || other.formula))
      );
    });
    if (blocked) {
      sheet.putCell(row, column, { ...origin, value: '#REF!' });
      this.spills.delete(key);
      return;
    }
    sheet.putCell(row, column, { ...origin, value: grid[0]?.[0] ?? '' });
    const written = spilled.map(([r, c]) => ({
      row: r,
      column: c,
      cell: { value: grid[r - row]![c - column]! },
    }));
    for (const spill of written) sheet.putCell(spill.row, spill.column, spill.cell);
    this.spills.set(key, written);
  }
}
