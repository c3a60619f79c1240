/**
 * The formula queue and the run records share the document's 500 KB property store (issue 28,
 * docs/money-rule.md "Stores plan together"), through the built add-on and the local runtime's
 * enforced quota: a run is admitted only if its job records fit once they have run, and while a
 * run is in flight the formula queue gets only what is left.
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, ProgressView, StartView } from '../../src/app/sidebar-contract';
import { LIMITS } from '../../src/domain/limits';
import { growthReserveIn } from '../../src/store/registry-budget';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { loadRowsAsSheet } from '../../scripts/lib/enrich-run';
import { contactRows, engineKit, FIELDS, jobsEnded, people, SHEET } from './support/engine';

const kit = engineKit();
const KB = 1024;
/** The store's share the queue may fill, room for runs in flight included (formula-queue.ts). */
const STORE_BYTES_FOR_QUEUE = LIMITS.propertyStoreBytes - 150 * KB;

/** The whole document store, as the property store counts it. */
const storeBytes = (addon: Addon) =>
  Object.entries(addon.properties.document.getProperties()).reduce(
    (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value),
    0,
  );

/** Another feature's data: about `bytes` more in the store, in 8 KB values. */
function otherData(addon: Addon, bytes: number): void {
  const document = addon.properties.document;
  for (let i = 0; bytes > 0; i++) {
    const value = 'x'.repeat(Math.min(8 * KB - 20, bytes) - 12);
    document.setProperty(`other.${String(i).padStart(4, '0')}`, value);
    bytes -= Buffer.byteLength(value) + 12;
  }
}

/** An editor's formulas over 1,000 people nobody runs (no key needed): they queue requests. */
function formulasOnLeads(addon: Addon): void {
  loadRowsAsSheet(addon, 'Leads', contactRows(people(7000).slice(6000)));
  const leads = addon.spreadsheet.getSheetByName('Leads')!;
  leads.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
  leads.getRange('H2').setFormula('=ENRICH_PHONE(A2:A1001,B2:B1001,D2:D1001)');
  addon.recalculate();
}

const plan = (addon: Addon) => addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });

describe('the formula queue and the run records plan together', () => {
  it('a run is admitted only if its job records fit once they have run', async () => {
    const addon = kit.open(contactRows(people(5000)));
    formulasOnLeads(addon);
    // 15 KB short of a new run's share: a 50-job run's records take about 10 KB once written, and
    // about 22 KB while its jobs are in flight (start, key, workspace, backoff).
    otherData(addon, LIMITS.propertyStoreBytes * 0.85 - storeBytes(addon) - 15 * KB);
    addon.setSelection('A2:D5001', SHEET);
    const big = plan(addon);
    expect(big.contactsToSend).toBe(5000);
    expect(() => addon.call('startRun', big.planId)).toThrow(
      /Queued formula requests take \d+ KB of the document's storage: send them/,
    );
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(0);
    // A 20-row run fits.
    addon.setSelection('A2:D21', SHEET);
    expect(addon.call<StartView>('startRun', plan(addon).planId).contacts).toBe(20);
  });

  it('while a run is in flight the queue gets only what is left, and the run finishes', async () => {
    const addon = kit.open(contactRows(people(5000)));
    otherData(addon, 250 * KB);
    // Rate limited at start: the run's 50 jobs wait, queued, for a later poll.
    await kit.emulator().admin.config({ faults: '429=1' });
    const { planId } = plan(addon);
    addon.call<StartView>('startRun', planId);
    await kit.emulator().admin.config({ faults: '429=0' });
    const queuedJobs = Object.entries(addon.properties.document.getProperties()).filter(
      ([key, value]) => key.startsWith(DOCUMENT_PROPERTY.jobPrefix) && value.includes('"state":"queued"'),
    ).length;
    expect(queuedJobs).toBe(50);
    formulasOnLeads(addon);
    const queued = Object.keys(addon.properties.document.getProperties()).filter((key) =>
      key.startsWith(DOCUMENT_PROPERTY.formulaRequestPrefix),
    ).length;
    expect(queued).toBeGreaterThan(0);
    expect(queued).toBeLessThan(2000);
    // The queue stopped where the room its jobs will still take begins, not before.
    const reserve = growthReserveIn(addon.properties.document.getProperties());
    expect(storeBytes(addon) + reserve).toBeLessThanOrEqual(STORE_BYTES_FOR_QUEUE);
    expect(storeBytes(addon) + reserve).toBeGreaterThan(STORE_BYTES_FOR_QUEUE - 1 * KB);
    // The run sends, collects and finishes: its records grow into the room kept for them.
    for (let round = 0; round < 6; round++) {
      addon.advanceClock(60 * 60 * 1000);
      addon.fireTriggers();
      await jobsEnded(kit.emulator());
    }
    const progress = addon.call<ProgressView>('getProgress');
    expect(progress.problems).toBeUndefined();
    expect(progress.runs.find((run) => run.sheetName === SHEET)).toMatchObject({
      state: 'finished',
      done: 5000,
    });
  });
});
