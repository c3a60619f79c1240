/**
 * A run writes only the cells it owns: a user's formula, number or date inside the output block, on
 * a row the run does not touch, keeps its formula, value, type and format (through dist/Code.js).
 */
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  people,
  planAndStart,
  rowsOf,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();

it('keeps the user cells of untouched rows inside the block as they were', async () => {
  const addon = kit.open(contactRows(people(4, 0)));
  // The first run creates the output block on rows 2 and 4; row 3 stays the user's.
  addon.setSelection(['A2:D2', 'A4:D4'], SHEET);
  const first = planAndStart(addon);
  await settle(addon, first.start.runId);
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  const header = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0]!.map(String);
  const column = (name: string) => header.indexOf(name) + 1;
  // Row 3 is the user's: a formula in Phone, a formatted number in Phone region, a date in Work
  // email status (the run asked for work emails and phones: those are its columns).
  sheet.getRange(3, column('Phone')).setFormula('=LEN(A3)');
  sheet.getRange(3, column('Phone region')).setNumberFormat('0.00').setValue(42);
  sheet.getRange(3, column('Work email status')).setValue(new Date(Date.UTC(2024, 4, 1)));
  sheet.getRange(3, column('Work email')).setValue('mine@example.com');

  // Rows 2 and 4, their Status cleared, are filled again from saved results: the block spans row 3.
  for (const row of [2, 4]) sheet.getRange(row, column('Status')).clearContent();
  addon.setSelection(['A2:D2', 'A4:D4'], SHEET);
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'phone'] });
  expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 2 });
  addon.call<StartView>('startRun', plan.planId);

  expect(sheet.getRange(3, column('Phone')).getFormula()).toBe('=LEN(A3)');
  expect(sheet.getRange(3, column('Phone region')).getValue()).toBe(42);
  expect(sheet.getRange(3, column('Phone region')).getNumberFormat()).toBe('0.00');
  const date = sheet.getRange(3, column('Work email status')).getValue();
  expect(Object.prototype.toString.call(date)).toBe('[object Date]');
  expect((date as Date).getTime()).toBe(Date.UTC(2024, 4, 1));
  expect(sheet.getRange(3, column('Work email')).getValue()).toBe('mine@example.com');
  expect(sheet.getRange(3, column('Phone')).getNumberFormat()).not.toBe('@');
  const rows = rowsOf(addon);
  expect([rows[0]!, rows[2]!].every((row) => foundEmail(row, 'work') && emailMatchesRow(row))).toBe(true);
  expect(rows[0]!.status).toBe('found (saved)');
});
