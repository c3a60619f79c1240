/**
 * The add-on with every cache evicting early (document, script and user caches: dev/gas cache.ts),
 * as Apps Script may drop an entry before its expiry (the expiration is a maximum,
 * https://developers.google.com/apps-script/reference/cache/cache). The caches only stand in front
 * of the ledger, the property store and the queue: a miss must cost a read, never an answer or a
 * credit. A run, a second plan over the same rows and per-cell formulas, all with half the reads
 * of a present entry finding it gone.
 */
import type { FormulaQueueView, PlanView, StartView } from '../../src/app/sidebar-contract';
import {
  contactRows,
  engineKit,
  ledgerFingerprints,
  people,
  planAndStart,
  rowsOf,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();
const CONTACTS = people(12, 0);
const LAST = CONTACTS.length + 1;

const queued = (values: Record<string, string>) =>
  Object.keys(values).filter((key) => key.startsWith('sheetEnrich.fq.'));

describe.each([1, 2])('caches evicting early (seed %i)', (seed) => {
  const open = () => kit.open(contactRows(CONTACTS), { cacheEviction: { seed, rate: 0.5 } });

  it('a run keeps every answer, pays once, and a second plan over the same rows costs nothing', async () => {
    const addon = open();
    const { start } = planAndStart(addon);
    const run = await settle(addon, start.runId!);
    expect(run.state).toBe('finished');
    expect(run.done).toBe(CONTACTS.length);
    expect(ledgerFingerprints(addon)).toHaveLength(CONTACTS.length);
    expect(rowsOf(addon).every((row) => row.status !== 'pending')).toBe(true);
    const admin = kit.emulator().admin;
    expect(await admin.jobs()).toHaveLength(1);
    const spent = (await admin.stats()).credits_spent;
    expect(spent).toBe(run.credits);

    const again = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(again.contactsToSend).toBe(0);
    expect(again.maxCredits).toBe(0);
    expect((await admin.stats()).credits_spent).toBe(spent);
  });

  it('per-cell formulas queue each contact once and a confirmed run pays once for each', async () => {
    const addon = open();
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    for (let row = 2; row <= LAST; row++)
      sheet.getRange(row, 7).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    expect(addon.recalculate({ interleave: { seed } })).toBe(CONTACTS.length);
    // Each formula runs again (cleared, a flush, written back): evicted markers must not queue twice.
    sheet.getRange(`G2:G${LAST}`).clearContent();
    addon.call('peekChanges'); // any execution's end is a flush point
    for (let row = 2; row <= LAST; row++)
      sheet.getRange(row, 7).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    expect(addon.recalculate({ interleave: { seed: seed + 10 } })).toBe(CONTACTS.length);
    expect(queued(addon.properties.document.getProperties())).toHaveLength(CONTACTS.length);

    const plan = addon.call<PlanView>('planFormulaRun', { fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: CONTACTS.length, maxCredits: CONTACTS.length });
    const run = await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    expect(run.state).toBe('finished');
    expect(queued(addon.properties.document.getProperties())).toHaveLength(0);
    expect(addon.call<FormulaQueueView>('getFormulaQueue').queues).toEqual([]);
    const admin = kit.emulator().admin;
    expect(await admin.jobs()).toHaveLength(1);
    expect((await admin.stats()).credits_spent).toBe(run.credits);
  });
});
