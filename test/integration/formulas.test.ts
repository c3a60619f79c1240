/**
 * The custom functions through the built add-on: formulas answer from saved results only (no
 * UrlFetch, no key), misses are queued once however often Sheets recalculates, a run the user
 * confirms gets them (the credits the emulator charged are the ones previewed), the formulas are
 * refreshed to show the answers, and an editor's recalculation never spends anyone's credits.
 */
import type { Addon } from '../../dev/gas/harness';
import type { FormulaQueueView, PlanView, StartView } from '../../src/ui/rpc';
import { contactRows, engineKit, people, settle, SHEET } from './support/engine';

const kit = engineKit();
const CONTACTS = people(20, 0.2);
const LAST = CONTACTS.length + 1;

function column(addon: Addon, a1: string): string[] {
  return (addon.spreadsheet.getSheetByName(SHEET)!.getRange(a1).getDisplayValues() as string[][]).map(
    ([value]) => value!,
  );
}

function typeFormula(addon: Addon, a1: string, formula: string): void {
  addon.spreadsheet.getSheetByName(SHEET)!.getRange(a1).setFormula(formula);
}

const queuedRequests = (addon: Addon) =>
  Object.keys(addon.exportState().properties.document ?? {}).filter((key) => key.startsWith('sheetEnrich.fq.'));

describe('=ENRICH_EMAIL over a range', () => {
  it('queues misses once, gets them in a confirmed run, and shows each row its own email', async () => {
    const addon = kit.open(contactRows(CONTACTS));
    typeFormula(addon, 'G2', `=ENRICH_EMAIL(A2:A${LAST},B2:B${LAST},D2:D${LAST})`);
    const fetches = addon.counts.urlfetch;
    addon.recalculate();
    addon.recalculate();
    const statuses = column(addon, `G2:G${LAST}`);
    expect(statuses.every((status) => status.startsWith('⏳ queued'))).toBe(true);
    expect(addon.counts.urlfetch).toBe(fetches);
    expect(queuedRequests(addon)).toHaveLength(CONTACTS.length);

    const queue = addon.call<FormulaQueueView>('getFormulaQueue');
    expect(queue.queues).toEqual([
      { kind: 'enrich', requests: 20, contactsToSend: 20, fields: ['work_email'], maxCredits: 20 },
    ]);
    const plan = addon.call<PlanView>('planFormulaRun', { fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: 20, maxCredits: 20, fields: ['work_email'] });
    const start = addon.call<StartView>('startRun', plan.planId);
    const run = await settle(addon, start.runId);
    expect(run.state).toBe('finished');
    // The run refreshed the formulas: a recalculation now shows the answers.
    addon.recalculate();
    const emails = column(addon, `G2:G${LAST}`);
    CONTACTS.forEach((contact, index) => {
      const shown = emails[index]!;
      if (shown === '— not found') return;
      expect(shown).toMatch(new RegExp(`@${contact.domain.replace(/\./g, '\\.')}$`));
    });
    const found = emails.filter((email) => email.includes('@')).length;
    expect(found).toBeGreaterThan(10);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(found);
    expect(queuedRequests(addon)).toHaveLength(0);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').queues).toEqual([]);
  });
});
