/**
 * Refresh old answers through the built add-on in the local runtime, against the emulator over
 * HTTP (issue 41 item 3). The add-on's clock is moved (injected time): answers saved on day 0 and
 * day 20, a refresh of those older than 30 days on day 31 sends only day 0's, at the price shown,
 * which is what the emulator charged; the schedule's option refreshes within its caps.
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, ScheduleView } from '../../src/app/sidebar-contract';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { sampleContacts } from '../../dev/emulator/sample';
import { contactRows, engineKit, jobsEnded, planAndStart, SEED, settle, SHEET } from './support/engine';

const kit = engineKit();
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Ten people the emulator finds with a work email: each costs what the preview counts. */
const ROWS = contactRows(sampleContacts(SEED, 10, { unknownShare: 0, withWorkEmail: true }));
const spent = async (): Promise<number> => (await kit.emulator().admin.stats()).credits_spent;
const jobs = async () => kit.emulator().admin.jobs();

function select(addon: Addon, first: number, last: number): void {
  addon.setSelection(`A${first}:D${last}`, SHEET);
}

/** Each row's "Enriched at" day. */
const datesOf = (addon: Addon): string[] =>
  outputRows(
    addon.spreadsheet.getSheetByName(SHEET)!.getDataRange().getDisplayValues() as string[][],
    'enrich',
  ).map((row) => row.enrichedAt?.slice(0, 10) ?? '');
/** The day of a time as "Enriched at" shows it (the runtime's spreadsheets are in UTC). */
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Rows 2–7 answered on day 0, rows 8–11 on day 20; the clock left at day 31. */
async function answeredOnTwoDays(): Promise<Addon> {
  const addon = kit.open(ROWS);
  select(addon, 2, 7);
  await settle(addon, planAndStart(addon, { fields: ['work_email'] }).start.runId);
  addon.advanceClock(20 * DAY);
  select(addon, 8, 11);
  await settle(addon, planAndStart(addon, { fields: ['work_email'] }).start.runId);
  addon.advanceClock(11 * DAY);
  select(addon, 2, 11);
  return addon;
}

describe('a refresh of answers older than N days', () => {
  it('on day 31 sends only the answers of day 0, and the price shown is what the API charged', async () => {
    const addon = await answeredOnTwoDays();
    const before = { spent: await spent(), jobs: (await jobs()).length };
    const dates = datesOf(addon);
    const { plan, start } = planAndStart(addon, { fields: ['work_email'], refreshDays: 30 });
    expect(plan.contactsToSend).toBe(6);
    const run = await settle(addon, start.runId);
    expect(run).toMatchObject({ state: 'finished', source: 'refresh' });
    const newJobs = (await jobs()).slice(before.jobs);
    expect(newJobs.map((job) => job.total)).toEqual([6]);
    const charged = (await spent()) - before.spent;
    expect(charged).toBe(plan.maxCredits);
    expect(run.credits).toBe(charged);
    // The same word, and the same figure, in the log tab and the Spending tab.
    const tab = (name: string) =>
      addon.spreadsheet.getSheetByName(name)!.getDataRange().getDisplayValues() as string[][];
    expect(tab('Sheet Enrich log').some((row) => row.includes('refresh'))).toBe(true);
    const refreshLines = tab('Spending').filter((row) => row[2] === 'refresh');
    expect(refreshLines.map((row) => Number(row[3]))).toEqual([charged]);

    // The refreshed rows show their new date ("Enriched at": the answer's date); the others keep theirs.
    const after = datesOf(addon);
    expect(after.slice(0, 6)).toEqual(Array(6).fill(dayOf(addon.now())));
    expect(after.slice(6)).toEqual(dates.slice(6));
    expect(dates.slice(0, 6)).toEqual(Array(6).fill(dayOf(addon.now() - 31 * DAY)));

    // Asked again at once: nothing older than 30 days is left, nothing is bought twice.
    const again = addon.call<PlanView>('planRun', {
      kind: 'enrich',
      fields: ['work_email'],
      refreshDays: 30,
    });
    expect(again.contactsToSend).toBe(0);
  });

  it("the schedule's option refreshes on a tick with no new rows, within its cap per run and the key's daily limit", async () => {
    const addon = await answeredOnTwoDays();
    addon.close();
    const doc = kit.open(ROWS, { addon: true, state: addon.exportState() });
    const view = doc.call<ScheduleView>('saveSchedule', {
      sheetName: SHEET,
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: 4,
      maxCreditsPerDay: 100,
      refreshDays: 30,
    });
    expect(view.refreshDays).toBe(30);
    const before = { spent: await spent(), jobs: (await jobs()).length };
    const tick = async (): Promise<void> => {
      doc.advanceClock(HOUR);
      expect(doc.fireTriggers()).toBe(1);
      await jobsEnded(kit.emulator());
    };
    // The key's daily limit across the user's spreadsheets binds too (store/key-limit.ts).
    doc.call('setKeyLimit', 5);
    await tick();
    await tick();
    // The cap per run (4 credits) takes four of the six old answers on the first tick.
    const totals = async () => (await jobs()).slice(before.jobs).map((job) => job.total);
    expect(await totals()).toEqual([4]);
    // The two a cap left out keep their answer and its Status until their tick.
    const statuses = outputRows(
      doc.spreadsheet.getSheetByName(SHEET)!.getDataRange().getDisplayValues() as string[][],
      'enrich',
    ).map((row) => row.status);
    expect(statuses.filter((status) => /cap/.test(status ?? ''))).toEqual([]);
    await tick();
    await tick();
    // The key's limit leaves one credit for the rest of the day.
    expect(await totals()).toEqual([4, 1]);
    doc.advanceClock(DAY);
    await tick();
    await tick();
    expect(await totals()).toEqual([4, 1, 1]);
    expect((await spent()) - before.spent).toBe(6);
    await tick();
    expect(await totals()).toEqual([4, 1, 1]);
    expect(doc.call<ScheduleView>('getSchedule').lastOutcome).toMatch(
      /^No new rows, no answer older than 30 days/,
    );
  });
});
