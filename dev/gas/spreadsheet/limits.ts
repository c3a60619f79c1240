/**
 * What Sheets refuses before a write changes anything, checked at each service call (a CallCheck):
 * - 50,000 characters in one cell and 10 million cells in a spreadsheet ("Files you can store in
 *   Google Drive", https://support.google.com/drive/answer/37603): Sheets' texts are "Your input
 *   contains more than the maximum of 50000 characters in a single cell." and "This action would
 *   increase the number of cells in the workbook above the limit of 10000000 cells.";
 * - protected ranges: a user who is not one of a protection's editors gets "You are trying to edit
 *   a protected cell or object. Please contact the spreadsheet owner to remove protection if you
 *   need to edit." (Protection class, https://developers.google.com/apps-script/reference/spreadsheet/protection:
 *   "protected ranges and sheets", editors per protection). Protections are set by the harness
 *   (`Addon.protect`), as the owner does in Sheets' UI.
 */
import type { CallCheck } from '../execution';
import type { GridRect } from './a1';
import type { FakeRange, FakeRangeList } from './range';
import type { FakeSheet } from './sheet';
import type { FakeSpreadsheet } from './spreadsheet';

export const CELL_CHARACTER_LIMIT = 50_000;
export const SPREADSHEET_CELL_LIMIT = 10_000_000;
export const CELL_TOO_LONG =
  'Your input contains more than the maximum of 50000 characters in a single cell.';
export const TOO_MANY_CELLS =
  'This action would increase the number of cells in the workbook above the limit of 10000000 cells.';
export const PROTECTED =
  'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';

/** Writes that put the values among their arguments into cells. */
const VALUE_WRITES = new Set([
  'Range.setValues',
  'Range.setValue',
  'Range.setFormulas',
  'Range.setFormula',
  'Sheet.appendRow',
]);

/** Calls that change cells of their Range (or RangeList): refused on a protected one. */
const RANGE_EDITS =
  /^(Range|RangeList)\.(set(Values|Value|Formulas|Formula|NumberFormat|NumberFormats)|clear\w*|sort|insertCheckboxes|deleteCells|insertCells)$/;
const SHEET_EDITS = /^Sheet\.(appendRow|clear|clearContents|clearFormats|sort)$/;

function tooLong(value: unknown): boolean {
  if (typeof value === 'string') return value.length > CELL_CHARACTER_LIMIT;
  if (Array.isArray(value)) return value.some(tooLong);
  return false;
}

const cellsOf = (spreadsheet: FakeSpreadsheet): number =>
  spreadsheet.getSheets().reduce((total, sheet) => total + sheet.getMaxRows() * sheet.getMaxColumns(), 0);

/** Cells a call adds to the grid (a new sheet is 1000 × 26). */
function cellsAdded(name: string, target: object, args: readonly unknown[]): number {
  if (name === 'Spreadsheet.insertSheet') return 1000 * 26;
  if (!name.startsWith('Sheet.')) return 0;
  const sheet = target as FakeSheet;
  // insertRowBefore(p), insertRowsAfter(p, n), insertRows(i, n = 1)…: how many is the second argument.
  const howMany = typeof args[1] === 'number' ? args[1] : 1;
  if (/^Sheet\.insertRow/.test(name)) return howMany * sheet.getMaxColumns();
  if (/^Sheet\.insertColumn/.test(name)) return howMany * sheet.getMaxRows();
  if (name === 'Sheet.appendRow' && sheet.getLastRow() >= sheet.getMaxRows()) return sheet.getMaxColumns();
  return 0;
}

export interface Protection {
  sheet: FakeSheet;
  rect: GridRect;
  /** Emails allowed to edit; everyone else is refused. */
  editors: readonly string[];
  /** A warning-only protection refuses nobody (spreadsheet/protection.ts). */
  warningOnly?: boolean;
  description?: string;
  /** A whole sheet's (Sheet.protect), or a range's (the harness's Addon.protect). */
  whole?: boolean;
}

const overlaps = (a: GridRect, b: GridRect) =>
  a.row < b.row + b.numRows &&
  b.row < a.row + a.numRows &&
  a.column < b.column + b.numColumns &&
  b.column < a.column + a.numColumns;

function areaOf(range: FakeRange): { sheet: FakeSheet; rect: GridRect } {
  return {
    sheet: range.getSheet(),
    rect: {
      row: range.getRow(),
      column: range.getColumn(),
      numRows: range.getNumRows(),
      numColumns: range.getNumColumns(),
    },
  };
}

/** The cells a call edits; undefined: none. */
function editedAreas(name: string, target: object, args: readonly unknown[]) {
  if (RANGE_EDITS.test(name)) {
    const ranges = name.startsWith('RangeList.')
      ? (target as FakeRangeList).getRanges()
      : [target as FakeRange];
    return ranges.map(areaOf);
  }
  if (!SHEET_EDITS.test(name)) return undefined;
  const sheet = target as FakeSheet;
  if (name === 'Sheet.appendRow') {
    const width = Array.isArray(args[0]) ? Math.max(1, args[0].length) : 1;
    return [{ sheet, rect: { row: sheet.getLastRow() + 1, column: 1, numRows: 1, numColumns: width } }];
  }
  return [
    { sheet, rect: { row: 1, column: 1, numRows: sheet.getMaxRows(), numColumns: sheet.getMaxColumns() } },
  ];
}

/** The checks of one execution run as `email` in `spreadsheet`. */
export function sheetLimits(
  spreadsheet: FakeSpreadsheet,
  protections: readonly Protection[],
  email: string,
): CallCheck {
  return ({ name, target, args }) => {
    if (VALUE_WRITES.has(name) && tooLong(args[0])) return CELL_TOO_LONG;
    const added = cellsAdded(name, target, args);
    if (added > 0 && cellsOf(spreadsheet) + added > SPREADSHEET_CELL_LIMIT) return TOO_MANY_CELLS;
    if (protections.length === 0) return undefined;
    const areas = editedAreas(name, target, args);
    const refused = areas?.some(({ sheet, rect }) =>
      protections.some(
        (protection) =>
          protection.sheet === sheet &&
          !protection.warningOnly &&
          (protection.whole || overlaps(protection.rect, rect)) &&
          !protection.editors.includes(email),
      ),
    );
    return refused ? PROTECTED : undefined;
  };
}
