/**
 * What Sheets does when it recalculates `=MY_FUNCTION(A2, B2:C3, "x")`: each custom-function cell
 * runs as its own custom-function execution with the referenced cells' values (a single cell as a
 * value, a range as a 2-D array) and shows the result, spilling arrays down and right. Built-in
 * functions are not evaluated, but for the two array formulas that only copy a range (`=B2:B9` and
 * `=ARRAYFORMULA(B2:B9)`), which spill as any array result does. A thrown error shows as #ERROR!.
 *
 * Spills: an array result fills the cells below and right of its formula, and those cells hold no
 * value of their own. Sheets expands it only onto empty cells: a value anywhere in its area (typed,
 * or written by a script's setValues, even the value the spill showed there) makes the formula show
 * #REF!, "Array result was not expanded because it would overwrite data in F9", until that cell is
 * emptied (Sheets help, ARRAYFORMULA: https://support.google.com/docs/answer/3093275, "array
 * formulas will be automatically expanded into neighboring cells"; the #REF! on collision as
 * rowsncolumns' array-formula notes and hyperformula #708 "GS would return REF" describe it).
 *
 * When: custom functions are not volatile. Sheets only knows what a custom function depends on
 * through its arguments, which must be deterministic (Apps Script guide "Custom functions in Google
 * Sheets", section Arguments: NOW() or RAND() are not allowed as arguments), and it keeps showing
 * the last result until an argument's value or the formula itself changes. A cell the function
 * reads through SpreadsheetApp does not make it run again (tanaikech, "Automatic Recalculation of
 * Custom Function on Spreadsheet" parts 1 and 2: pass those cells as arguments, or rewrite the
 * formula text). A text change counts when Sheets saw it: formulas are compared at flush points
 * (SpreadsheetApp.flush, the end of every execution that can write, and each recalculate()), so
 * clearing a formula, flushing and writing it back makes it run again, while writing back the
 * identical text, or clearing and rewriting it with no flush between, does not.
 */
import { columnLetters, parseA1 } from './spreadsheet/a1';
import type { Cell, CellValue } from './spreadsheet/parsing';
import type { FakeSheet } from './spreadsheet/sheet';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';

const CALL = /^=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/;
/** The built-in array formulas evaluated here: a range, bare or inside ARRAYFORMULA. */
const RANGE_COPY = /^=\s*(?:ARRAYFORMULA\s*\(\s*([^(),]+?)\s*\)|([^(),"]+:[^(),"]+?))\s*$/i;

export type CustomFunctionOutcome = { value: unknown } | { error: unknown } | undefined;

/** Runs a custom function; `undefined` when the project has no function of that name. */
export type CustomFunctionRunner = (name: string, args: unknown[]) => CustomFunctionOutcome;

/** Runs many custom functions at once (interleave.ts); their outcomes in the same order. */
export type BatchRunner = (calls: { name: string; args: unknown[] }[]) => CustomFunctionOutcome[];

interface DueCall {
  row: number;
  column: number;
  key: string;
  version: number;
  /** The formula's text: with `recalcOnRewrite` off, only new text (or arguments) runs it again. */
  text: string;
  argsKey: string;
  name: string;
  args: unknown[];
}

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

/** A thrown value's message (it comes from the script's realm: no instanceof Error). */
const errorMessage = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);

const cellKey = (sheet: FakeSheet, row: number, column: number): string =>
  `${sheet.getSheetId()}:${row}:${column}`;

/** A formula cell's text at the last flush point; `version` counts the changes seen at flush points. */
interface SeenFormula {
  text: string;
  version: number;
  /** The flush point that last found this cell holding a formula. */
  lastSeenAt: number;
}

export class Recalculator {
  /**
   * `recalcOnRewrite: false` plays a Sheets where clearing a formula and writing the same text
   * back around a flush does not run it again (a formula is then run again only for new text or
   * new argument values): the behaviour the add-on checks for in real documents.
   */
  constructor(private readonly rules: { recalcOnRewrite: boolean } = { recalcOnRewrite: true }) {}

  /** Cells a previous result spilled into, cleared before the next run of the same formula. */
  private readonly spills = new Map<string, { row: number; column: number; cell: Cell }[]>();
  /** The message Sheets shows on a #REF! of a blocked spill, by the formula's cell. */
  private readonly blocked = new Map<string, string>();
  private readonly seen = new Map<string, SeenFormula>();
  private flushPoints = 0;
  /**
   * What each cell was last evaluated with, and the result then (none: no such function); `error`:
   * the message the function threw, which Sheets shows when the pointer rests on #ERROR!.
   */
  private readonly evaluated = new Map<
    string,
    { version: number; text: string; args: string; grid?: CellValue[][]; error?: string }
  >();

  /**
   * A flush point: a formula whose text differs from the last flush point's (written, rewritten
   * with other text, or cleared) gets a new version. One pass over the grid, no copy of it.
   */
  observe(spreadsheet: FakeSpreadsheet): void {
    const now = ++this.flushPoints;
    for (const sheet of spreadsheet.getSheets())
      sheet.forEachFormula((row, column, text) => {
        const key = cellKey(sheet, row, column);
        const seen = this.seen.get(key);
        if (!seen) this.seen.set(key, { text, version: 0, lastSeenAt: now });
        else {
          if (seen.text !== text) [seen.text, seen.version] = [text, seen.version + 1];
          seen.lastSeenAt = now;
        }
      });
    for (const seen of this.seen.values())
      if (seen.lastSeenAt !== now && seen.text !== '') [seen.text, seen.version] = ['', seen.version + 1];
  }

  /**
   * Evaluates the custom-function cells whose text or arguments changed with `run` (the user whose
   * browser recalculates runs them); returns how many ran.
   */
  recalculate(spreadsheet: FakeSpreadsheet, run: CustomFunctionRunner, batch?: BatchRunner): number {
    this.observe(spreadsheet);
    let ran = 0;
    for (const sheet of spreadsheet.getSheets()) {
      // Collected first: laying out results writes to the grid being walked.
      const formulas: { row: number; column: number; match: RegExpExecArray }[] = [];
      const copies: { row: number; column: number; range: string }[] = [];
      sheet.forEachFormula((row, column, text) => {
        const copy = RANGE_COPY.exec(text);
        const match = CALL.exec(text);
        if (copy) copies.push({ row, column, range: (copy[1] ?? copy[2])! });
        else if (match) formulas.push({ row, column, match });
      });
      for (const { row, column, range } of copies) this.showCopy(sheet, row, column, range);
      if (batch) {
        // All at once, as Sheets runs them: arguments read before any of them shows a result.
        const due = formulas
          .map((formula) => this.prepare(sheet, formula))
          .filter((call) => call !== undefined);
        const outcomes = batch(due.map(({ name, args }) => ({ name, args })));
        due.forEach((call, index) => (ran += this.settle(sheet, call, outcomes[index])));
        continue;
      }
      for (const formula of formulas) {
        const call = this.prepare(sheet, formula);
        if (call) ran += this.settle(sheet, call, run(call.name, call.args));
      }
    }
    return ran;
  }

  /** A formula cell to run now, or undefined (not ours to evaluate, or its cached result shown again). */
  private prepare(
    sheet: FakeSheet,
    { row, column, match }: { row: number; column: number; match: RegExpExecArray },
  ): DueCall | undefined {
    let args: unknown[];
    try {
      args = splitArguments(match[2]!).map((text) => argumentValue(text, sheet));
    } catch {
      return undefined; // nested formulas and the like: left to Sheets
    }
    const key = cellKey(sheet, row, column);
    const version = this.seen.get(key)?.version ?? 0;
    const last = this.evaluated.get(key);
    const argsKey = argumentsKey(args);
    const text = match[0];
    const unchanged = this.rules.recalcOnRewrite ? last?.version === version : last?.text === text;
    if (last && unchanged && last.args === argsKey) {
      // Not run again: its cached result is laid out again (data typed into its spill: #REF!).
      if (last.grid) this.show(sheet, row, column, last.grid);
      return undefined;
    }
    return { row, column, key, version, text, argsKey, name: match[1]!, args };
  }

  /** Remembers and lays out what a run gave; 1 when a function ran. */
  private settle(sheet: FakeSheet, call: DueCall, outcome: CustomFunctionOutcome): number {
    const grid = !outcome ? undefined : 'error' in outcome ? [['#ERROR!']] : resultGrid(outcome.value);
    const error = outcome && 'error' in outcome ? errorMessage(outcome.error) : undefined;
    this.evaluated.set(call.key, {
      version: call.version,
      text: call.text,
      args: call.argsKey,
      grid,
      ...(error ? { error } : {}),
    });
    if (!grid) return 0;
    this.show(sheet, call.row, call.column, grid);
    return 1;
  }

  /** A range copied by `=B2:B9` or `=ARRAYFORMULA(B2:B9)`, laid out as an array result. */
  private showCopy(sheet: FakeSheet, row: number, column: number, range: string): void {
    let value: unknown;
    try {
      value = argumentValue(range, sheet);
    } catch {
      return; // not a range this runtime reads: left to Sheets
    }
    this.show(sheet, row, column, resultGrid(value));
  }

  /** The message behind each #ERROR! (and each blocked spill's #REF!) of a sheet, as Sheets shows it on hover. */
  errorsOf(sheet: FakeSheet): { row: number; column: number; message: string }[] {
    const prefix = `${sheet.getSheetId()}:`;
    const messages = [
      ...[...this.evaluated].map(([key, result]) => [key, result.error, '#ERROR!'] as const),
      ...[...this.blocked].map(([key, message]) => [key, message, '#REF!'] as const),
    ];
    return messages
      .filter(([key, message]) => key.startsWith(prefix) && message !== undefined)
      .map(([key, message, shows]) => {
        const [, row, column] = key.split(':').map(Number);
        return { row: row!, column: column!, message: message!, shows };
      })
      .filter(({ row, column, shows }) => sheet.cellAt(row, column)?.value === shows)
      .map(({ row, column, message }) => ({ row, column, message }));
  }

  private show(sheet: FakeSheet, row: number, column: number, grid: CellValue[][]): void {
    const key = cellKey(sheet, row, column);
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
    const blocked = spilled.find(([r, c]) => {
      const other = sheet.cellAt(r, c);
      return (
        r > sheet.getMaxRows() ||
        c > sheet.getMaxColumns() ||
        (other && (other.value !== '' || other.formula))
      );
    });
    this.blocked.delete(key);
    if (blocked) {
      sheet.putCell(row, column, { ...origin, value: '#REF!' });
      this.spills.delete(key);
      this.blocked.set(
        key,
        `Array result was not expanded because it would overwrite data in ${columnLetters(blocked[1])}${blocked[0]}.`,
      );
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
