/**
 * A formula waiting for its answer (queued, running, cleared) is never turned into text and never
 * left saying something untrue: "Convert formulas to values" keeps it a formula and says so, and
 * after "Clear queued requests…" it says it is no longer queued and how to ask again.
 */
import type { Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, PlanView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people, settle, SHEET } from './support/engine';

const kit = engineKit();
const CONTACTS = people(20, 0);
const LAST = CONTACTS.length + 1;

const shown = (addon: Addon, a1: string) =>
  (addon.spreadsheet.getSheetByName(SHEET)!.getRange(a1).getDisplayValues() as string[][]).map(
    ([value]) => value!,
  );

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
    expect(shown(addon, 'G12:G21').every((text) => text.startsWith('⏳ queued'))).toBe(true);

    addon.setSelection(`A2:D${LAST}`, SHEET);
    addon.call('menuConvertFormulas');
    for (let row = 2; row <= 11; row++) expect(sheet.getRange(`G${row}`).getFormula()).toBe('');
    for (let row = 12; row <= LAST; row++)
      expect(sheet.getRange(`G${row}`).getFormula()).toBe(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      '10 cells now hold their values as text: they no longer need Sheet Enrich. 10 formulas still waiting for their answers stay formulas, to show them when they come (Get formula results).',
    );

    // "Get them…" pays for answers that every kept formula shows.
    const formulas = addon.call<PlanView>('planFormulaRun', {});
    expect(formulas.contactsToSend).toBe(10);
    expect((await settle(addon, addon.call<StartView>('startRun', formulas.planId).runId)).state).toBe(
      'finished',
    );
    addon.recalculate();
    const answers = shown(addon, 'G12:G21');
    expect(answers.some((text) => text.startsWith('⏳'))).toBe(false);
    expect(answers.filter((text) => text.includes('@')).length).toBeGreaterThan(5);
  });

  it('says "1 cell holds its value" for one cell', async () => {
    const addon = kit.open(contactRows(CONTACTS.slice(0, 1)));
    addon.setSelection('A2:D2', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    fillDown(addon, 2, 3);
    addon.recalculate();
    addon.setSelection('A2:D3', SHEET);
    addon.call('menuConvertFormulas');
    expect(addon.ui.toasts.at(-1)?.message).toBe(
      '1 cell now holds its value as text: it no longer needs Sheet Enrich.',
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
    const cleared = shown(addon, 'G2:G11');
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
    expect(shown(addon, 'G2:G11').every((text) => text.startsWith('⏳ queued'))).toBe(true);
    expect(queued(addon)).toBe(10);
  });
});
