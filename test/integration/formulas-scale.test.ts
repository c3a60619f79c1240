/**
 * Per-cell formulas over a large ledger, through the built add-on: `=ENRICH_EMAIL(A2,B2,D2)`
 * dragged down a column costs each cell a search and a read of one cell, whatever the ledger's
 * size, shows each person's own answer (the newest readable one), and calls no API.
 */
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { LEDGER_ENTRY_CODEC } from '../../src/store/ledger-entry';
import { encodeRecord } from '../../src/store/stored-records';
import { fillLedger, personFingerprint, savedEmail } from '../../scripts/lib/ledger-fill';
import { contactRows, engineKit, people, SHEET } from './support/engine';

const kit = engineKit();
const ANSWERS = 30_000;
const CONTACTS = people(12, 0);
const LAST = CONTACTS.length + 1;

function openWithLedger() {
  const addon = kit.open(contactRows(CONTACTS));
  fillLedger(addon, ANSWERS, CONTACTS);
  // A newer answer for the second person, then a damaged row: the newer readable one must win.
  const ledger = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)!;
  const newer = encodeRecord(LEDGER_ENTRY_CODEC, {
    fields: ['work_email'],
    workEmail: { email: 'newer@example.com', status: 'VALID' },
    at: addon.now(),
  });
  ledger.ensureSize(ANSWERS + 3, 2);
  ledger.getRange(ANSWERS + 2, 1, 2, 2).applyNumberFormat('@');
  ledger.getRange(ANSWERS + 2, 1, 2, 2).setValues([
    [personFingerprint(CONTACTS[1]!), newer],
    [personFingerprint(CONTACTS[1]!), '{"v":2,"fields":'],
  ]);
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  const expected = CONTACTS.map((contact, i) => (i === 1 ? 'newer@example.com' : savedEmail(contact)));
  return { addon, sheet, expected };
}

describe(`per-cell formulas over a ledger of ${ANSWERS.toLocaleString('en-US')} answers`, () => {
  it('read a few cells per execution, never the ledger, and show each person their own email', () => {
    const { addon, sheet, expected } = openWithLedger();
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2,B2,D2)');
    addon.counts.reset();
    expect(addon.recalculate()).toBe(1);
    expect(sheet.getRange('G2').getDisplayValue()).toBe(expected[0]);
    expect(addon.counts.cellsRead).toBeLessThan(50);
    expect(addon.counts.get('TextFinder.findAll')).toBe(1);

    // Dragged down: every other cell is its own cold execution.
    sheet
      .getRange(3, 7, LAST - 2, 1)
      .setFormulas(CONTACTS.slice(1).map((_, i) => [`=ENRICH_EMAIL(A${i + 3},B${i + 3},D${i + 3})`]));
    addon.counts.reset();
    const runs = addon.recalculate();
    expect(runs).toBe(CONTACTS.length - 1);
    const shown = (sheet.getRange(`G2:G${LAST}`).getDisplayValues() as string[][]).map(([email]) => email);
    expect(shown).toEqual(expected);
    // The second person's search found three rows: the damaged newest, then the newer answer.
    expect(addon.counts.cellsRead).toBeLessThan(50 * runs);
    expect(addon.counts.get('Range.getDisplayValues')).toBe(runs + 1);
    expect(addon.counts.urlfetch).toBe(0);
  });

  it('in the range form still read the ledger once, and answer the same', () => {
    const { addon, sheet, expected } = openWithLedger();
    sheet.getRange('G2').setFormula(`=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    addon.counts.reset();
    expect(addon.recalculate()).toBe(1);
    const shown = (sheet.getRange(`G2:G${LAST}`).getDisplayValues() as string[][]).map(([email]) => email);
    expect(shown).toEqual(expected);
    expect(addon.counts.get('TextFinder.findAll')).toBe(0);
    expect(addon.counts.get('Range.getDisplayValues')).toBe(1);
  });
});
