/**
 * exportState / loadAddon({ state }): the persistent part of the runtime as JSON (sheets, properties,
 * triggers, clock offset). Caches and locks are not kept: Apps Script may drop a cache at any time,
 * and no execution survives an export.
 */
import type { PropertyStores } from './properties';
import type { Cell, CellValue } from './spreadsheet/parsing';
import type { SheetLayout } from './spreadsheet/sheet';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import type { TriggerRecord, TriggerStore } from './triggers';

type StoredValue = string | number | boolean | { date: number };

export interface StoredCell {
  row: number;
  column: number;
  value: StoredValue;
  formula?: string;
  format?: string;
}

export interface StoredSheet extends SheetLayout {
  name: string;
  sheetId: number;
  cells: StoredCell[];
}

export interface RuntimeState {
  version: 1;
  clockOffsetMs: number;
  spreadsheet: {
    id: string;
    name: string;
    /** Absent in states saved before the fake had one: Etc/UTC. */
    timeZone?: string;
    activeSheetId: number;
    sheets: StoredSheet[];
  };
  properties: {
    document: Record<string, string>;
    user: Record<string, string>;
    script: Record<string, string>;
  };
  triggers: TriggerRecord[];
}

const storeValue = (value: CellValue): StoredValue =>
  value instanceof Date ? { date: value.getTime() } : value;
const loadValue = (value: StoredValue): CellValue =>
  typeof value === 'object' ? new Date(value.date) : value;

export function exportSpreadsheet(spreadsheet: FakeSpreadsheet): RuntimeState['spreadsheet'] {
  return {
    id: spreadsheet.getId(),
    name: spreadsheet.getName(),
    timeZone: spreadsheet.getSpreadsheetTimeZone(),
    activeSheetId: spreadsheet.getActiveSheet().getSheetId(),
    sheets: spreadsheet.getSheets().map((sheet) => ({
      name: sheet.getName(),
      sheetId: sheet.getSheetId(),
      ...sheet.layout,
      cells: sheet.exportCells().map(({ row, column, cell }) => ({
        row,
        column,
        value: storeValue(cell.value),
        ...(cell.formula === undefined ? {} : { formula: cell.formula }),
        ...(cell.format === undefined ? {} : { format: cell.format }),
      })),
    })),
  };
}

/** Fills an empty spreadsheet (created without its default sheet) from a stored one. */
export function restoreSpreadsheet(spreadsheet: FakeSpreadsheet, stored: RuntimeState['spreadsheet']): void {
  if (stored.timeZone) spreadsheet.setSpreadsheetTimeZone(stored.timeZone);
  for (const storedSheet of stored.sheets) {
    const sheet = spreadsheet.addSheet(storedSheet.name, storedSheet.sheetId);
    sheet.restoreLayout(storedSheet);
    for (const { row, column, value, formula, format } of storedSheet.cells) {
      const cell: Cell = { value: loadValue(value) };
      if (formula !== undefined) cell.formula = formula;
      if (format !== undefined) cell.format = format;
      sheet.putCell(row, column, cell);
    }
  }
  const active = spreadsheet.getSheetById(stored.activeSheetId);
  if (active) spreadsheet.setActiveSheet(active);
}

export function exportProperties(stores: PropertyStores): RuntimeState['properties'] {
  return {
    document: stores.document.getProperties(),
    user: stores.user.getProperties(),
    script: stores.script.getProperties(),
  };
}

export function restoreProperties(stores: PropertyStores, stored: RuntimeState['properties']): void {
  stores.document.setProperties(stored.document, true);
  stores.user.setProperties(stored.user, true);
  stores.script.setProperties(stored.script, true);
}

export function exportTriggers(store: TriggerStore): TriggerRecord[] {
  return store.exportRecords();
}
