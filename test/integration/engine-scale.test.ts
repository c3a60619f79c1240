/**
 * Many rows: calls are batched, so their number does not grow with the rows. 2,600 contacts are 26
 * jobs, more than one fetchAll batch of results (POLL_BATCH_SIZE, 25), and more rows than a new
 * sheet has (1,000), for the ledger too.
 */
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import { contactRows, engineKit, jobsEnded, people, planAndStart, rowsOf, settle } from './support/engine';

const kit = engineKit();

describe('1,000+ rows', () => {
  it('enriches 2,600 rows with a constant number of Range calls and one request per job and poll', async () => {
    const contacts = people(2600);
    const addon = kit.open(contactRows(contacts));
    const { plan, start } = planAndStart(addon);
    expect(plan).toMatchObject({ contactsToSend: 2600, jobs: 26 });
    expect(addon.counts.urlfetch).toBe(1 + 26); // balance, then one start per job
    await jobsEnded(kit.emulator(), 20_000);
    const run = await settle(addon, start.runId);

    expect(run).toMatchObject({ state: 'finished', sent: 2600, done: 2600 });
    expect(addon.counts.triggerRuns).toBe(1);
    // One start and one result request per job: each start a fetch of its own (one lost answer is
    // then one start's), polls in two fetchAll round trips of 25.
    expect(addon.counts.urlfetch).toBe(1 + 26 + 26);
    expect(addon.counts.get('UrlFetchApp.fetchAll')).toBe(2);
    expect(addon.counts.get('UrlFetchApp.fetch')).toBe(1 + 26);
    // 40 before the Spending record (store/spending.ts): each poll that charged reads it, appends to
    // it and redraws the tab from it, a handful of calls per execution, none per row or job.
    expect(addon.counts.rangeReads + addon.counts.rangeWrites).toBeLessThanOrEqual(48);
    expect(addon.counts.get('Range.setValue')).toBe(0);
    const rows = rowsOf(addon);
    expect(rows.filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    expect(rows.filter((row) => foundEmail(row, 'work')).length).toBe(run.found.workEmail);
    expect(run.credits).toBe((await kit.emulator().admin.stats()).credits_spent);
  }, 60_000);

  it('meets the benchmark targets for 1,000 rows when jobs finish before the first poll', async () => {
    const addon = kit.open(contactRows(people(1000)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    await settle(addon, start.runId);
    expect(addon.counts.urlfetch).toBeLessThanOrEqual(25);
    expect(addon.counts.rangeReads + addon.counts.rangeWrites).toBeLessThanOrEqual(40);
  });
});
