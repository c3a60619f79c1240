/**
 * A new user's first sheets through dist/Code.js, the local Apps Script runtime (the real platform
 * adapters over its fakes) and the emulator: a sheet of bare data mapped by column letter and
 * enriched (its start adds the header row); one clicked cell planned as the whole table or as its
 * row; the fields the user chose kept in their user properties.
 */
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { KeyCheckView, PlanView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people, rowsOf, settle, SHEET } from './support/engine';

jest.setTimeout(60_000);

const kit = engineKit();

it('maps a sheet without headers by column letter, and its start adds the header row', async () => {
  const contacts = people(4, 0);
  const bare = contactRows(contacts).slice(1);
  const addon = kit.open(bare);
  addon.setSelection('A1:D4', SHEET);
  const first = addon.call<PlanView>('planRun', { kind: 'enrich' });
  // Content recognises the website column; the names are the user's to map.
  expect(first).toMatchObject({ headerRow: 0, headerDetected: false, rows: 4, mappingComplete: false });
  expect(first.columns.map((column) => column.sample)).toEqual(bare[0]);

  const mapping = { firstName: 1, lastName: 2, companyName: 3, companyDomain: 4 };
  const mapped = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'], mapping });
  expect(mapped).toMatchObject({ headerRow: 0, contactsToSend: 4, mappingComplete: true });
  const start = addon.call<StartView>('startRun', mapped.planId);
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  expect(sheet.getRange(1, 1, 1, 4).getDisplayValues()[0]).toEqual([
    'First name',
    'Last name',
    'Company name',
    'Website',
  ]);
  expect((await settle(addon, start.runId)).state).toBe('finished');
  expect(rowsOf(addon).map((row) => row.input[0])).toEqual(contacts.map((c) => c.firstName));
  expect(rowsOf(addon).every((row) => row.status !== '')).toBe(true);
  expect(addon.call<PlanView>('planRun', { kind: 'enrich' })).toMatchObject({
    headerDetected: true,
    mapping,
  });
});

it('plans the whole table for one clicked cell, or that cell row alone', () => {
  const addon = kit.open(contactRows(people(6, 0)));
  addon.setSelection('B4', SHEET);
  const whole = addon.call<PlanView>('planRun', { kind: 'enrich' });
  expect(whole).toMatchObject({ rows: 6, cell: { row: 4, wholeTable: true }, contactsToSend: 6 });
  const one = addon.call<PlanView>('planRun', { kind: 'enrich', onlyCellRow: 4 });
  expect(one).toMatchObject({ rows: 1, cell: { row: 4, wholeTable: false }, selectionLabel: 'row 4' });
});

it('keeps the fields a user ticked in their user properties', () => {
  const addon = kit.open(contactRows(people(2, 0)));
  expect(addon.call<PlanView>('planRun', { kind: 'enrich' }).fields).toEqual(['work_email', 'phone']);
  addon.call('planRun', { kind: 'enrich', fields: ['personal_email'] });
  expect(addon.properties.user.getProperty(USER_PROPERTY.enrichFields)).toContain('personal_email');
  expect(addon.properties.document.getProperty(USER_PROPERTY.enrichFields)).toBeNull();
  expect(addon.call<PlanView>('planRun', { kind: 'enrich' }).fields).toEqual(['personal_email']);
});

it('Verify checks the key pasted in the form, not the saved one, and remembers nothing of it', () => {
  const addon = kit.open(contactRows(people(1, 0)));
  const savedKey = addon.properties.user.getProperty(USER_PROPERTY.apiKey);
  const wrong = addon.call<KeyCheckView>('verifyApiKey', { apiKey: 'wrong-key-123' });
  expect(wrong).toMatchObject({ ok: false, pasted: true });
  expect(wrong.message).toMatch(/refused/i);
  // Nothing was saved, and the saved key's standing is untouched: a plan may still start.
  expect(addon.properties.user.getProperty(USER_PROPERTY.apiKey)).toBe(savedKey);
  expect(addon.properties.user.getProperty(USER_PROPERTY.keyRefused)).toBeNull();
  expect(addon.call<PlanView>('planRun', { kind: 'enrich' }).keyProblem).toBeUndefined();
  // The good key pasted again checks out; with nothing pasted, the saved key is checked.
  expect(addon.call('verifyApiKey', { apiKey: kit.emulator().apiKey })).toMatchObject({
    ok: true,
    pasted: true,
  });
  const saved = addon.call<KeyCheckView>('verifyApiKey');
  expect(saved.ok).toBe(true);
  expect(saved.pasted).toBeUndefined();
});
