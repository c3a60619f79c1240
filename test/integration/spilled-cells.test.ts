/**
 * A run writes only the cells it owns (issue 40): a cell that another formula's array result fills
 * (no formula of its own, a value spilled from its anchor) is that formula's. Written, even with
 * the value it showed, it blocks the spill and the formula shows #REF! (dev/gas/PARITY.md row 33).
 * The run writer and "Convert formulas to values" leave such cells alone, and the row's Status
 * says which cell was left to which formula when an answer would have gone there.
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people, settle, SHEET } from './support/engine';

const kit = engineKit();

function column(addon: Addon, header: string): string {
  const headers = addon.spreadsheet.getSheetByName(SHEET)!.getRange('1:1').getValues()[0]!;
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No ${header} in ${JSON.stringify(headers)}`);
  return String.fromCharCode(65 + index);
}

async function run(addon: Addon, rows: string, fields: string[]): Promise<string> {
  addon.setSelection(rows, SHEET);
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields });
  const { runId } = addon.call<StartView>('startRun', plan.planId);
  expect((await settle(addon, runId)).state).toBe('finished');
  addon.recalculate();
  return runId;
}

describe('the run writer and another formula’s spill', () => {
  it('leaves the spilled cells alone, so the formula still shows, and Status says which it left', async () => {
    const addon = kit.open(contactRows(people(6, 0)));
    const notes = addon.spreadsheet.insertSheet('Notes');
    notes.getRange('A1:A3').setValues([['kept@mine.test'], [''], ['own@mine.test']]);
    // Rows 2, 6 and 7 first: the output columns exist, rows 3-5 have none of their cells yet.
    await run(addon, 'A2:D2', ['work_email']);
    await run(addon, 'A6:D7', ['work_email']);
    const email = column(addon, 'Work email');
    const status = column(addon, 'Status');
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(`${email}3`).setFormula('=ARRAYFORMULA(Notes!A1:A3)');
    addon.recalculate();
    expect(sheet.getRange(`${email}3:${email}5`).getDisplayValues().flat()).toEqual([
      'kept@mine.test',
      '',
      'own@mine.test',
    ]);

    await run(addon, 'A2:D7', ['work_email']);
    // The spill is whole: nothing the run wrote blocks it.
    expect(sheet.getRange(`${email}3:${email}5`).getDisplayValues().flat()).toEqual([
      'kept@mine.test',
      '',
      'own@mine.test',
    ]);
    expect(addon.formulaErrors(SHEET)).toEqual([]);
    const statuses = sheet.getRange(`${status}3:${status}5`).getDisplayValues().flat();
    // Row 4's answer would have gone into its empty cell: its Status says where it was left.
    expect(statuses).toEqual(['found', `found · ${email}4 left to the formula in ${email}3`, 'found']);
  });
});

describe('Convert formulas to values and another formula’s spill', () => {
  it('writes neither the other formula nor its spilled cells', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    addon.spreadsheet
      .insertSheet('Notes')
      .getRange('A1:A2')
      .setValues([['one'], ['two']]);
    await run(addon, 'A2:D4', ['work_email']);
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    // Two of ours (answered, free) either side of a user's array formula, in three free columns.
    sheet
      .getRange('M2:O2')
      .setFormulas([
        ['=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)', '=ARRAYFORMULA(Notes!A1:A2)', '=ENRICH_EMAIL(A2,B2,D2)'],
      ]);
    addon.recalculate();
    const emails = sheet.getRange('M2:M4').getDisplayValues().flat();
    expect(emails.every((email) => email.includes('@'))).toBe(true);
    expect(sheet.getRange('N2:N3').getDisplayValues().flat()).toEqual(['one', 'two']);

    addon.setSelection('A2:D4', SHEET);
    addon.call('menuConvertFormulas');
    addon.recalculate();
    expect(sheet.getRange('M2:M4').getValues().flat()).toEqual(emails);
    expect(sheet.getRange('M2').getFormula()).toBe('');
    expect(sheet.getRange('N2').getFormula()).toBe('=ARRAYFORMULA(Notes!A1:A2)');
    expect(sheet.getRange('N2:N3').getDisplayValues().flat()).toEqual(['one', 'two']);
    expect(addon.formulaErrors(SHEET)).toEqual([]);
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      '2 formulas (4 cells) now show their values as text: they no longer need Sheet Enrich.',
    );
  });
});

describe('undo and another formula’s spill', () => {
  it('puts back what the run wrote around the spilled cells, never into them', async () => {
    const addon = kit.open(contactRows(people(6, 0)));
    const notes = addon.spreadsheet.insertSheet('Notes');
    notes.getRange('A1:A3').setValues([['kept@mine.test'], [''], ['own@mine.test']]);
    await run(addon, 'A2:D2', ['work_email']);
    const email = column(addon, 'Work email');
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(`${email}3`).setFormula('=ARRAYFORMULA(Notes!A1:A3)');
    addon.recalculate();
    const runId = await run(addon, 'A2:D7', ['work_email']);
    for (let call = 0; call < 5 && !addon.call<{ undone?: string }>('undoRun', runId).undone; call++);
    addon.recalculate();
    expect(addon.formulaErrors(SHEET)).toEqual([]);
    expect(sheet.getRange(`${email}3:${email}5`).getDisplayValues().flat()).toEqual([
      'kept@mine.test',
      '',
      'own@mine.test',
    ]);
    // Rows 6 and 7 had no email before this run: they are empty again.
    expect(sheet.getRange(`${email}6:${email}7`).getDisplayValues().flat()).toEqual(['', '']);
  });
});
