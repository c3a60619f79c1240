/**
 * exportState / loadAddon({ state }): the persistent part of the runtime as JSON (sheets, properties,
 * every user's user properties and triggers, clock offset). Caches and locks are not kept: Apps
 * Script may drop a cache at any time, and no execution survives an export.
 *
 * The user who loads a state (LoadOptions.userEmail) gets `properties.user` and the triggers with no
 * `owner`, as states written before there were several users expect: one whole state moves to
 * whoever opens it. The other users come back from `users` and from their triggers' `owner`.
 */
import type { Runtime } from './runtime';
import type { Cell, CellValue } from './spreadsheet/parsing';
import type { SheetLayout } from './spreadsheet/sheet';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import type { TriggerRecord } from './triggers';

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

/** A trigger as stored; no `owner`: the user who loads the state. Always of the stored document. */
export type StoredTrigger = Omit<TriggerRecord, 'owner' | 'document'> & { owner?: string };

/** Another user of the document than the one who loads the state. */
export interface StoredUser {
  properties: Record<string, string>;
  consumer?: boolean;
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
    /** The user properties of the user who loads the state. */
    user: Record<string, string>;
    script: Record<string, string>;
  };
  /** By email; absent in states saved before the runtime had several users. */
  users?: Record<string, StoredUser>;
  triggers: StoredTrigger[];
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

/** Properties, users and triggers: all but the spreadsheet and the clock. */
export function exportSettings(runtime: Runtime): Pick<RuntimeState, 'properties' | 'users' | 'triggers'> {
  const { defaultUser } = runtime;
  const others = runtime.users.all().filter((user) => user !== defaultUser);
  return {
    properties: {
      document: runtime.documentProperties.getProperties(),
      user: defaultUser.properties.getProperties(),
      script: runtime.scriptProperties.getProperties(),
    },
    ...(others.length === 0
      ? {}
      : {
          users: Object.fromEntries(
            others.map((user) => [
              user.email,
              { properties: user.properties.getProperties(), ...(user.consumer ? { consumer: true } : {}) },
            ]),
          ),
        }),
    triggers: runtime.triggers
      .listIn(runtime.spreadsheet.getId())
      .map(({ owner, document: _document, ...trigger }) =>
        owner === defaultUser.email ? trigger : { ...trigger, owner },
      ),
  };
}

export function restoreSettings(runtime: Runtime, stored: RuntimeState): void {
  const { defaultUser } = runtime;
  runtime.documentProperties.setProperties(stored.properties.document, true);
  runtime.scriptProperties.setProperties(stored.properties.script, true);
  defaultUser.properties.setProperties(stored.properties.user, true);
  for (const [email, user] of Object.entries(stored.users ?? {})) {
    // The loading user's properties are `properties.user`, whoever saved the state.
    if (email === defaultUser.email) continue;
    const account = runtime.users.get(email);
    account.properties.setProperties(user.properties, true);
    account.consumer = user.consumer === true;
  }
  const document = runtime.spreadsheet.getId();
  runtime.triggers.restore(
    stored.triggers.map((trigger) => ({ ...trigger, owner: trigger.owner ?? defaultUser.email, document })),
    document,
  );
}
