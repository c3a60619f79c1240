/** Adapter: the engine's SpreadsheetPort over SpreadsheetApp (one Range call per port call). */
import { SHEET_REFUSAL_PREFIX, SheetRefusal, errorMessage } from '../domain/user-error';
import { cellsToA1 } from './a1';
import type { ChartBlock, RowSpan, SheetPort, SpreadsheetPort } from './ports';

/** Sheets' refusals of a write (their texts), and what the user can do about each. */
const REFUSALS: readonly [RegExp, string][] = [
  [
    /protected cell or object/,
    `${SHEET_REFUSAL_PREFIX}: some of its cells are protected and your account may not edit them. Ask the owner for edit rights there (Data › Protect sheets and ranges), or to remove the protection.`,
  ],
  [
    /above the limit of 10000000 cells/,
    `${SHEET_REFUSAL_PREFIX}: the spreadsheet would pass Google's limit of 10 million cells. Delete unused rows, columns or tabs.`,
  ],
  [
    /maximum of 50000 characters in a single cell/,
    `${SHEET_REFUSAL_PREFIX}: a value is longer than the 50,000 characters a cell holds.`,
  ],
];

/** Runs a write; a refusal by Sheets comes out as a SheetRefusal saying what to do. */
function refusedAsUserError<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    const text = errorMessage(error);
    const refusal = REFUSALS.find(([pattern]) => pattern.test(text));
    if (refusal) throw new SheetRefusal(refusal[1], { cause: error });
    throw error;
  }
}

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export function sheetPort(sheet: Sheet): SheetPort {
  return {
    id: () => sheet.getSheetId(),
    name: () => sheet.getName(),
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
    readDisplayValues: (row, column, rows, columns) =>
      sheet.getRange(row, column, rows, columns).getDisplayValues(),
    findRows: (text, row, column, rows) =>
      sheet
        .getRange(row, column, rows, 1)
        .createTextFinder(text)
        .matchCase(true)
        .matchEntireCell(true)
        .findAll()
        .map((cell) => cell.getRow()),
    // Plain-text format first: Sheets then keeps "+33 6…", "0612…" and "=…" as the strings given.
    writeText: (row, column, values) =>
      refusedAsUserError(() =>
        grownRange(sheet, row, column, values)?.setNumberFormat('@').setValues(values),
      ),
    insertRowBefore: (row) => void sheet.insertRowBefore(row),
    readFormulas: (row, column, rows, columns) => sheet.getRange(row, column, rows, columns).getFormulas(),
    readCells(row, column, rows, columns) {
      const range = sheet.getRange(row, column, rows, columns);
      return { values: range.getValues(), formulas: range.getFormulas(), formats: range.getNumberFormats() };
    },
    writeCells(row, column, values, textCells, formulaCells = []) {
      refusedAsUserError(() => {
        const range = grownRange(sheet, row, column, values);
        if (!range) return;
        if (textCells.length) sheet.getRangeList(cellsToA1(textCells)).setNumberFormat('@');
        if (formulaCells.length) sheet.getRangeList(cellsToA1(formulaCells)).setNumberFormat('General');
        range.setValues(values);
      });
    },
    keepChart: (block) => keepChart(sheet, block),
  };
}

/** One chart over `block` (SheetPort.keepChart): no call beyond getCharts when it is already there. */
function keepChart(sheet: Sheet, { row, column, rows, columns, title }: ChartBlock): void {
  const range = sheet.getRange(row, column, rows, columns);
  const [chart] = sheet.getCharts();
  if (chart?.getRanges()[0]?.getA1Notation() === range.getA1Notation()) return;
  const builder: GoogleAppsScript.Spreadsheet.EmbeddedChartBuilder = chart
    ? chart.modify().clearRanges()
    : sheet.newChart().asColumnChart().setStacked().setTitle(title);
  // Right of the block, one column apart (a new person's column moves it).
  const built = builder
    .addRange(range)
    .setPosition(row, column + columns + 1, 0, 0)
    .build();
  if (chart) sheet.updateChart(built);
  else sheet.insertChart(built);
}

type Range = GoogleAppsScript.Spreadsheet.Range;

/** The ranges of the active selection, and its lone cell when it is one cell. */
function selectionOf(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): {
  ranges: Range[];
  cell: Range | null;
} {
  const ranges = spreadsheet.getActiveRangeList()?.getRanges() ?? [];
  const lone = ranges.length === 1 && ranges[0]!.getNumRows() === 1 && ranges[0]!.getNumColumns() === 1;
  return { ranges, cell: lone ? ranges[0]! : null };
}

/**
 * The range a block of values goes to, undefined for an empty block (nothing to write). getRange
 * throws beyond the grid (a new sheet has 1000 rows, 26 columns): the grid grows first.
 */
function grownRange(sheet: Sheet, row: number, column: number, values: unknown[][]): Range | undefined {
  const rows = values.length;
  const columns = values[0]?.length;
  if (!rows || !columns) return undefined;
  const lastRow = row + rows - 1;
  const lastColumn = column + columns - 1;
  const maxRows = sheet.getMaxRows();
  const maxColumns = sheet.getMaxColumns();
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);
  if (lastColumn > maxColumns) sheet.insertColumnsAfter(maxColumns, lastColumn - maxColumns);
  return sheet.getRange(row, column, rows, columns);
}

/** Sorted, overlapping or touching spans merged. */
export function mergeSpans(spans: RowSpan[]): RowSpan[] {
  const merged: RowSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end + 1) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The port of a sheet, if there is one. */
const portOf = (sheet: Sheet | null | undefined): SheetPort | null => (sheet ? sheetPort(sheet) : null);

/** What Sheets shows an editor about to change one of the add-on's hidden sheets. */
export const HIDDEN_SHEET_WARNING =
  'Sheet Enrich keeps what was sent and bought here: an edit can make it buy the same contacts again.';

export function activeSpreadsheet(): SpreadsheetPort {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const byId = (id: number) => spreadsheet.getSheets().find((sheet) => sheet.getSheetId() === id);
  return {
    name: () => spreadsheet.getName(),
    activeSheet: () => sheetPort(spreadsheet.getActiveSheet()),
    sheetById: (id) => portOf(byId(id)),
    selectedRows() {
      const { ranges, cell } = selectionOf(spreadsheet);
      // A lone cell is where the cursor happens to be, not a choice of rows: it means the whole table.
      if (cell) return [];
      return mergeSpans(ranges.map((range) => ({ start: range.getRow(), end: range.getLastRow() })));
    },
    selectedCellRow: () => selectionOf(spreadsheet).cell?.getRow() ?? null,
    visibleSheets: () =>
      spreadsheet
        .getSheets()
        .filter((sheet) => !sheet.isSheetHidden())
        .map(sheetPort),
    flush: () => SpreadsheetApp.flush(),
    timeZone: () => spreadsheet.getSpreadsheetTimeZone(),
    insertTab(name) {
      let unique = name;
      for (let n = 2; spreadsheet.getSheetByName(unique); n++) unique = `${name} (${n})`;
      const sheet = spreadsheet.insertSheet(unique, spreadsheet.getNumSheets());
      sheet.setFrozenRows(1);
      sheet.activate();
      return sheetPort(sheet);
    },
    selectRows(sheetId, start, end) {
      const sheet = byId(sheetId);
      if (!sheet) return;
      sheet.activate();
      sheet.getRange(start, 1, end - start + 1, Math.max(1, sheet.getLastColumn())).activate();
    },
    ownVisibleSheet: (name, create) =>
      ownSheet(name, create, () => spreadsheet.insertSheet(name, spreadsheet.getNumSheets())),
    hiddenSheet: (name, create) =>
      ownSheet(name, create, () => {
        const sheet = spreadsheet.insertSheet(name).hideSheet();
        // What was bought lives here, where any editor can reach it: Sheets asks them to confirm an
        // edit (a warning-only protection refuses no one, scripts included).
        sheet.protect().setDescription(HIDDEN_SHEET_WARNING).setWarningOnly(true);
        return sheet;
      }),
  };

  /** A sheet of ours by name, made by `insert` when asked to and missing. */
  function ownSheet(name: string, create: boolean, insert: () => Sheet): SheetPort | null {
    const existing = spreadsheet.getSheetByName(name);
    if (existing || !create) return portOf(existing);
    const active = spreadsheet.getActiveSheet();
    const sheet = insert();
    // insertSheet activates the new sheet: give the user their sheet back.
    active.activate();
    return sheetPort(sheet);
  }
}
