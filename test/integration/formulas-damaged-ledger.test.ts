/**
 * Automatic formula results resumed past a deleted ledger (stop 67): they leave to "Get formula
 * results", which names the damage, what a run's row shows (that answer may be the one the ledger
 * lost), and get the rest. Their pause and resume are damaged-records.test.ts's (stop 60).
 */
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { FORMULA_STATUS } from '../../src/features/formulas/custom-functions';
import type { FormulaQueueView, PlanView } from '../../src/app/sidebar-contract';
import {
  contactRows,
  engineKit,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  pollUntilIdle,
  rowsOf,
  SHEET,
} from './support/engine';

const kit = engineKit();

describe('automatic formula results resumed past a deleted ledger (stop 67)', () => {
  it("leave to Get formula results what a run's row shows, and get the rest", async () => {
    const contacts = people(5, 0);
    const addon = kit.open(contactRows(contacts.slice(0, 4)));
    planAndStart(addon, { fields: ['work_email'] });
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    // A row that shows its work email (row 2's person may have none, or one that will bounce).
    const row = rowsOf(addon).findIndex((output) => output.workEmail) + 2;
    expect(row).toBeGreaterThan(1);
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    const fifth = contacts[4]!;
    sheet.getRange('A6:D6').setValues([[fifth.firstName, fifth.lastName, fifth.companyName, fifth.domain]]);
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    addon.spreadsheet.deleteSheet(addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)!);
    // Past the cache's copy of the answers (6 hours): the formulas queue their requests.
    addon.advanceClock(7 * 3600_000);
    // The row shows its work email, which the ledger lost; nobody asked its phone, or row 6.
    sheet.getRange(`M${row}`).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    sheet.getRange(`N${row}`).setFormula(`=ENRICH_PHONE(A${row},B${row},D${row})`);
    sheet.getRange('M6').setFormula('=ENRICH_EMAIL(A6,B6,D6)');
    addon.recalculate();
    const shown = (cell: string) => sheet.getRange(cell).getDisplayValue();
    expect([shown(`M${row}`), shown(`N${row}`), shown('M6')]).toEqual(Array(3).fill(FORMULA_STATUS.queued));
    firePoll(addon);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').autoPaused).toMatch(
      /^the saved results are damaged .+ Switched on again, it gets those no row shows; Get formula results gets the rest\.$/,
    );
    addon.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
    firePoll(addon);
    await jobsEnded(kit.emulator());
    firePoll(addon);
    addon.recalculate();
    // The work email the row shows is left, its phone alone is bought (not both, as one contact).
    expect(shown(`M${row}`)).toBe(FORMULA_STATUS.queued);
    expect(shown(`N${row}`)).toMatch(/^(\+\d+|— not found)$/);
    expect(shown('M6')).toMatch(new RegExp(`@${fifth.domain}$`));
    // Each person's work email is charged once (a phone of the same person is another purchase).
    const emails = (await kit.emulator().admin.outcomes())
      .filter((outcome) => outcome.charged_for.includes('work_email'))
      .map((outcome) => outcome.person);
    expect(emails).toHaveLength(new Set(emails).size);
    // The Jobs panel says why automatic results leave it.
    expect(addon.call<FormulaQueueView>('getFormulaQueue').autoLeavesShown).toBe(true);
    // Asked by hand, it is the user's choice, warned of the damage.
    const plan = addon.call<PlanView>('planFormulaRun', { kind: 'enrich' });
    expect(plan.contactsToSend).toBe(1);
    expect(plan.ledgerDamage).toMatch(/^Note: the saved results are damaged/);
  });
});
