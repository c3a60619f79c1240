/**
 * A slice's answers between the CLI's answers store (answers-store.ts) and the runtime's ledger
 * sheet: before a slice is planned, the saved answers of its fingerprints go into the ledger (so
 * the planner fills those rows for free); once its rows are written out, the ledger's new answers
 * go to the store and leave the sheet, so the runtime (and the state file) holds one slice's worth.
 */
import type { JobKind } from '../../src/domain/runs';
import { detectHeaderRow } from '../../src/sheet/headers';
import { locateOutputColumns } from '../../src/sheet/output-layout';
import { detectTableMapping, type SheetTable } from '../../src/sheet/table';
import { rowsByFingerprint } from '../../src/engine/sheet-tables';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import type { Addon, FakeSheet } from '../../dev/gas/harness';
import type { AnswersStore } from './answers-store';

const LEDGER_HEADER = ['fingerprint', 'result'];

/** The planner's own reading (src/sheet/table.ts) of a sheet holding these rows; no sheet is read. */
export function tableOf(rows: readonly (readonly string[])[]): SheetTable {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const values = rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
  const headerRow = detectHeaderRow(values);
  const headers = headerRow ? [...values[headerRow - 1]!] : Array<string>(width).fill('');
  return {
    values,
    width,
    headerRow,
    headers,
    outputs: locateOutputColumns(headers),
  } as unknown as SheetTable;
}

/** The fingerprints the add-on will compute for these rows (header first), as the planner reads them. */
export function sliceFingerprints(rows: readonly (readonly string[])[], kind: JobKind): string[] {
  const table = tableOf(rows);
  return [...rowsByFingerprint(table, kind, detectTableMapping(table)).keys()];
}

function ledgerSheet(addon: Addon, create: boolean): FakeSheet | undefined {
  const found = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME) ?? undefined;
  if (found || !create) return found;
  const sheet = addon.spreadsheet.insertSheet(LEDGER_SHEET_NAME);
  sheet.getRange(1, 1, 1, 2).setValues([LEDGER_HEADER]);
  sheet.hideSheet();
  return sheet;
}

/** Puts the saved answers of the slice's fingerprints into the ledger sheet; returns what it put there. */
export function restoreAnswers(
  addon: Addon,
  fingerprints: readonly string[],
  store: AnswersStore,
): Map<string, string> {
  const saved = store.get(fingerprints);
  if (saved.length === 0) return new Map();
  const sheet = ledgerSheet(addon, true)!;
  const first = Math.max(1, sheet.getLastRow()) + 1;
  sheet.ensureSize(first + saved.length - 1, 2);
  const range = sheet.getRange(first, 1, saved.length, 2);
  range.setNumberFormat('@');
  range.setValues(saved.map(([fp, text]) => [fp, text]));
  return new Map(saved);
}

/** Moves the ledger's answers not restored as they are into the store, and empties the sheet. */
export function keepAnswers(
  addon: Addon,
  store: AnswersStore,
  restored: ReadonlyMap<string, string>,
): number {
  const sheet = ledgerSheet(addon, false);
  const last = sheet?.getLastRow() ?? 0;
  if (!sheet || last < 2) return 0;
  const fresh = (sheet.getRange(2, 1, last - 1, 2).getDisplayValues() as string[][]).filter(
    ([fp, text]) => fp && text && restored.get(fp) !== text,
  );
  // On disk before the sheet forgets them: a kill between the two leaves them in both.
  store.append(fresh.map(([fp, text]) => [fp!, text!] as const));
  sheet.deleteRows(2, last - 1);
  return fresh.length;
}
