/**
 * Ledger damage the per-cell search could not see (issue 28), through the built add-on: an editor
 * deletes the hidden ledger's header row, sorts it with its header, renames it, or deletes it. A
 * formula cell still answers from the answers the ledger holds, "Get them…" buys none of them
 * again, and a deleted ledger is named in the preview instead of passing for an empty one.
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView } from '../../src/app/sidebar-contract';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { contactRows, engineKit, people, planAndStart, settle, SHEET } from './support/engine';

const kit = engineKit();
/** All known, all with a work email: every row has an answer in the ledger. */
const CONTACTS = people(4, 0);
const SIX_HOURS = 6 * 60 * 60 * 1000;

/** Runs the rows once (answers land in the ledger), then lets CacheService forget them. */
async function enriched(): Promise<Addon> {
  const addon = kit.open(contactRows(CONTACTS));
  const { start } = planAndStart(addon, { fields: ['work_email'] });
  expect((await settle(addon, start.runId)).state).toBe('finished');
  addon.advanceClock(SIX_HOURS + 1000);
  return addon;
}

/** One per-cell formula per row (the search path), recalculated: what each cell shows. */
function perCellFormulas(addon: Addon): string[] {
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  CONTACTS.forEach((_, index) => {
    const row = index + 2;
    sheet.getRange(`H${row}`).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
  });
  addon.recalculate();
  return (sheet.getRange(`H2:H${CONTACTS.length + 1}`).getDisplayValues() as string[][]).map(([v]) => v!);
}

const ledgerSheet = (addon: Addon) => addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)!;
/** Each cell shows its row's email ("Invalid: …" included): none is queued or lost. */
const answered = (shown: string[]) =>
  shown.every((value, index) => value.endsWith(CONTACTS[index]!.workEmail!));

describe('a damaged ledger read by formulas and formula runs', () => {
  it('finds the answer in row 1 once the header row was deleted', async () => {
    const addon = await enriched();
    ledgerSheet(addon).deleteRow(1);
    expect(answered(perCellFormulas(addon))).toBe(true);
    expect(addon.call<PlanView>('planFormulaRun', {}).contactsToSend).toBe(0);
  });

  it('finds every answer once the ledger was sorted with its header', async () => {
    const addon = await enriched();
    const ledger = ledgerSheet(addon);
    ledger.getRange(1, 1, ledger.getLastRow(), 2).sort({ column: 1, ascending: true });
    expect(ledger.getRange(1, 1).getDisplayValue()).not.toBe('fingerprint');
    expect(answered(perCellFormulas(addon))).toBe(true);
  });

  it('finds a renamed ledger by its sheet id: formulas answer and nothing is bought again', async () => {
    const addon = await enriched();
    ledgerSheet(addon).setName('old results');
    expect(answered(perCellFormulas(addon))).toBe(true);
    expect(addon.call<PlanView>('planFormulaRun', {}).contactsToSend).toBe(0);
    expect(addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)).toBeNull();
  });

  it('names a deleted ledger in the preview of "Get them…" rather than passing it for empty', async () => {
    const addon = await enriched();
    addon.spreadsheet.deleteSheet(ledgerSheet(addon));
    const shown = perCellFormulas(addon);
    expect(shown.every((value) => value.startsWith('⏳ queued'))).toBe(true);
    const plan = addon.call<PlanView>('planFormulaRun', {});
    expect(plan.contactsToSend).toBe(CONTACTS.length);
    expect(plan.ledgerDamage).toMatch(/saved results are damaged .*deleted.* bought again/);
  });
});

describe('a damaged ledger in the plan of a sidebar run', () => {
  /** An editor cleared the results: the rows no longer show them, only the ledger knows them. */
  function clearResults(addon: Addon): void {
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(2, 5, CONTACTS.length, sheet.getLastColumn() - 4).clearContent();
  }
  const plan = (addon: Addon) => addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });

  it('names a deleted ledger when the plan would spend (the answers may be the ones lost)', async () => {
    const addon = await enriched();
    clearResults(addon);
    addon.spreadsheet.deleteSheet(ledgerSheet(addon));
    const view = plan(addon);
    expect(view.contactsToSend).toBe(CONTACTS.length);
    expect(view.ledgerDamage).toMatch(/saved results are damaged .*deleted/);
  });

  it('still names a deleted ledger once later answers made a new one (fuzz finding 39)', async () => {
    const addon = await enriched();
    addon.spreadsheet.deleteSheet(ledgerSheet(addon));
    // Another row is run (its preview names the damage: consent for that run); its answer is saved
    // in a new ledger sheet, which knows none of the four answers the deleted one held.
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    const [other] = people(1, 10);
    sheet.appendRow([other!.firstName, other!.lastName, other!.companyName, other!.domain]);
    addon.setSelection(`A${CONTACTS.length + 2}:D${CONTACTS.length + 2}`, SHEET);
    const { start } = planAndStart(addon, { fields: ['work_email'] });
    expect((await settle(addon, start.runId)).state).toBe('finished');
    expect(addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)).not.toBeNull();
    clearResults(addon);
    addon.setSelection(`A2:D${CONTACTS.length + 1}`, SHEET);
    expect(plan(addon).ledgerDamage).toMatch(/saved results are damaged .*deleted or replaced/);
  });

  it('says nothing of a sound ledger: the cleared rows are filled from it', async () => {
    const addon = await enriched();
    clearResults(addon);
    const view = plan(addon);
    expect(view).toMatchObject({ contactsToSend: 0, rowsFromLedger: CONTACTS.length });
    expect(view.ledgerDamage).toBeUndefined();
  });
});
