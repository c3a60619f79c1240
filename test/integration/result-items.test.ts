/**
 * Result items are read one by one: a malformed field is dropped, a malformed item fails its own
 * row with a reason, and everything else of a paid job reaches its rows and the ledger.
 */
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  ledgerFingerprints,
  people,
  planAndStart,
  rowsOf,
  settle,
} from './support/engine';

const kit = engineKit();

describe('malformed result items', () => {
  it('fail only their own row; the rest of the paid job is applied and saved', async () => {
    await kit.emulator().admin.config({ faults: 'malformed=0.08' });
    const addon = kit.open(contactRows(people(250, 0)));
    const { start } = planAndStart(addon);
    const run = await settle(addon, start.runId);
    expect(run).toMatchObject({ state: 'finished', sent: 250, done: 250 });

    const rows = rowsOf(addon);
    const failed = rows.filter((row) => (row.status ?? '').startsWith('error: the result item '));
    const found = rows.filter((row) => row.status === 'found');
    // Items that are not objects fail; items with a damaged field are read without it.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(30);
    expect(found.length + failed.length + rows.filter((row) => row.status === 'not found').length).toBe(250);
    expect(found.length).toBeGreaterThan(200);
    expect(found.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
    expect(ledgerFingerprints(addon)).toHaveLength(250 - failed.length);
    // cost.credits arrived as a string and still counts.
    const stats = await kit.emulator().admin.stats();
    expect(run.credits).toBe(stats.credits_spent);
    expect(run.credits).toBeGreaterThan(0);

    // Asking again: every readable answer is kept, only the failed rows would be sent.
    const again = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(again.contactsToSend).toBe(failed.length);
    expect(again.skipped.filter((row) => row.reason === 'already enriched')).toHaveLength(
      250 - failed.length,
    );
    expect(addon.call<ProgressView>('getProgress').problems).toBeUndefined();
  });
});
