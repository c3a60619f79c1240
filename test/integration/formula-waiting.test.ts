/**
 * A formula waiting for its answer (queued, running, cleared) is never turned into text and never
 * left saying something untrue: "Convert formulas to values" keeps it a formula and says so, and
 * after "Clear queued requests…" it says it is no longer queued and how to ask again.
 */
import type { Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, PlanView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people, settle, SHEET } from './support/engine';
import { column } from './support/formulas';

const kit = engineKit();
const CONTACTS = people(20, 0);
const LAST = CONTACTS.length + 1;

/** One per-cell formula per row in column G, as a fill-down writes them. */
function fillDown(addon: Addon, first: number, last: number): void {
  const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
  for (let row = first; row <= last; row++)
    sheet.getRange(`G${row}`).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
}

const queued = (addon: Addon) =>
  addon.call<FormulaQueueView>('getFormulaQueue').queues.reduce((sum, queue) => sum + queue.requests, 0);

describe('Convert formulas to values', () => {
  it('keeps a queued formula a formula, says how many it kept, and its answer shows once bought', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    // Rows 2-11 enriched by a sidebar run; the formulas of rows 12-21 have no answer yet.
    addon.setSelection('A2:D11', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect((await settle(addon, addon.call<StartView>('startRun', plan.planId).runId)).state).toBe(
      'finished',
    );
    fillDown(addon, 2, LAST);
    addon.recalculate();
    expect(column(addon, 'G12:G21').every((text) => text.startsWith('⏳ queued'))).toBe(true);

    addon.setSelection(`A2:D${LAST}`, SHEET);
    addon.call('menuConvertFormulas');
    for (let row = 2; row <= 11; row++) expect(sheet.getRange(`G${row}`).getFormula()).toBe('');
    for (let row = 12; row <= LAST; row++)
      expect(sheet.getRange(`G${row}`).getFormula()).toBe(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      '10 formulas (10 cells) now show their values as text: they no longer need Sheet Enrich. 10 formulas still waiting for their answers stay formulas, to show them when they come (Get formula results).',
    );

    // "Get them…" pays for answers that every kept formula shows.
    const formulas = addon.call<PlanView>('planFormulaRun', {});
    expect(formulas.contactsToSend).toBe(10);
    expect((await settle(addon, addon.call<StartView>('startRun', formulas.planId).runId)).state).toBe(
      'finished',
    );
    addon.recalculate();
    const answers = column(addon, 'G12:G21');
    expect(answers.some((text) => text.startsWith('⏳'))).toBe(false);
    expect(answers.filter((text) => text.includes('@')).length).toBeGreaterThan(5);
  });

  it('treats a range formula as one: kept whole while any cell waits, converted whole once all answered', async () => {
    const addon = kit.open(contactRows(CONTACTS.slice(0, 10)));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    // Rows 2-6 enriched by a sidebar run: the range formula over rows 2-11 waits for rows 7-11.
    addon.setSelection('A2:D6', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    sheet.getRange('P2').setFormula('=ENRICH_EMAIL(A2:A11,B2:B11,D2:D11)');
    sheet.getRange('Q2').setFormula('=ENRICH_EMAIL(A2:A6,B2:B6,D2:D6)');
    addon.recalculate();
    const answered = column(addon, 'Q2:Q6');
    expect(column(addon, 'P2:P11')).toEqual([
      ...answered,
      ...Array(5).fill(expect.stringMatching(/^⏳ queued/)),
    ]);

    addon.setSelection('A2:D11', SHEET);
    addon.call('menuConvertFormulas');
    addon.recalculate();
    // The waiting one keeps its formula and its spill (no text blocks it: no #REF!).
    expect(sheet.getRange('P2').getFormula()).toBe('=ENRICH_EMAIL(A2:A11,B2:B11,D2:D11)');
    expect(column(addon, 'P2:P6')).toEqual(answered);
    expect(sheet.getRange('P7').getFormula()).toBe('');
    expect(sheet.getRange('P7').getNumberFormat()).not.toBe('@');
    expect(sheet.getRange('Q2').getFormula()).toBe('');
    expect(column(addon, 'Q2:Q6')).toEqual(answered);
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      `1 formula (${answered.filter(Boolean).length} cells) now shows its values as text: it no longer needs Sheet Enrich. 1 formula still waiting for its answer stays a formula, to show it when it comes (Get formula results).`,
    );

    // Bought, its answers show in every cell of the kept formula.
    const formulas = addon.call<PlanView>('planFormulaRun', {});
    await settle(addon, addon.call<StartView>('startRun', formulas.planId).runId);
    addon.recalculate();
    const after = column(addon, 'P2:P11');
    expect(after.some((text) => text.startsWith('⏳') || text === '#REF!')).toBe(false);
    expect(after.filter((text) => text.includes('@')).length).toBeGreaterThan(5);
  });

  it('counts formulas and cells apart (one answered, one blank row)', async () => {
    const addon = kit.open(contactRows(CONTACTS.slice(0, 1)));
    addon.setSelection('A2:D2', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    fillDown(addon, 2, 3);
    addon.recalculate();
    addon.setSelection('A2:D3', SHEET);
    addon.call('menuConvertFormulas');
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      '2 formulas (1 cell) now show their values as text: they no longer need Sheet Enrich.',
    );
  });
});

describe('Clear queued requests', () => {
  it('leaves no formula saying "queued": they say they are not, and Refresh results now asks again', () => {
    const addon = kit.open(contactRows(CONTACTS.slice(0, 10)));
    fillDown(addon, 2, 11);
    addon.recalculate();
    expect(queued(addon)).toBe(10);

    expect(addon.call<FormulaQueueView>('clearFormulaQueue').queues).toEqual([]);
    addon.recalculate();
    const cleared = column(addon, 'G2:G11');
    expect(cleared).toEqual(
      Array(10).fill(
        '— not queued: the queue was cleared. Extensions › Sheet Enrich › Refresh results now queues it again',
      ),
    );
    // Recalculating again does not queue them behind the user's back.
    addon.recalculate();
    expect(queued(addon)).toBe(0);

    addon.call('menuRefreshNow');
    expect(addon.ui.toasts.at(-1)?.message).toMatch(/10 cleared formula requests queued again\.$/);
    addon.recalculate();
    expect(column(addon, 'G2:G11').every((text) => text.startsWith('⏳ queued'))).toBe(true);
    expect(queued(addon)).toBe(10);
  });
});
