/**
 * "At most N credits a day with my key, in all my spreadsheets" (store/key-limit.ts), through the
 * built add-on, two spreadsheets of one user and the emulator: each spreadsheet's schedule is capped
 * at 60 a day, the key at 80, and the key is charged at most 80 (without the limit, 120); a run the
 * limit leaves no room for is refused, saying which limit and when it resets.
 */
import type { Addon } from '../../dev/gas/harness';
import type {
  PlanView,
  ProgressView,
  ScheduleRunView,
  StartView,
  ScheduleView,
  SpendingView,
} from '../../src/app/sidebar-contract';
import { loadRowsAsSheet, selectDataRows } from '../../scripts/lib/enrich-run';
import {
  contactRows,
  engineKit,
  jobsEnded,
  people,
  planAndStart,
  progress,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();
const SCHEDULE = {
  sheetName: SHEET,
  kind: 'enrich',
  fields: ['work_email'],
  every: 'day',
  maxCreditsPerRun: 60,
  maxCreditsPerDay: 60,
} as const;

/** The schedule's tick now (what the trigger runs when it is due): its outcome. */
const tick = (addon: Addon): string => addon.call<ScheduleRunView>('runScheduleNow').outcome;

describe("a daily limit on the user's key, across their spreadsheets", () => {
  let second: Addon | undefined;
  afterEach(() => second?.close());

  it('holds two schedules of 60 a day to 80 on the key, and refuses what would pass it', async () => {
    const contacts = people(160, 0);
    const first = kit.open(contactRows(contacts.slice(0, 80)), { addon: true, userEmail: 'ann@acme.com' });
    expect(first.call<SpendingView>('setKeyLimit', 80).caps).toEqual([
      expect.objectContaining({ name: 'Your key', used: 0, limit: 80 }),
    ]);
    first.call('saveSchedule', SCHEDULE);
    second = first.openDocument();
    loadRowsAsSheet(second, SHEET, contactRows(contacts.slice(80)));
    selectDataRows(second, SHEET, 81, 4);
    second.call('saveSchedule', SCHEDULE);

    // The first spreadsheet's tick sends its 60; the trigger runs of the user's spreadsheets (fired
    // while it settles) tick the second's too, which gets what the key has left.
    expect(tick(first)).toMatch(/^Sent 60 contacts/);
    tick(second);
    for (const addon of [first, second])
      for (const run of addon.call<ProgressView>('getProgress').runs) await settle(addon, run.runId);
    const outcomes = [first, second].map((addon) => addon.call<ScheduleView>('getSchedule')!.lastOutcome);
    expect(outcomes).toEqual([
      expect.stringMatching(/^Sent 60 contacts/),
      expect.stringMatching(/^Sent \d+ contacts/),
    ]);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    // Both schedules spent; together no more than the key's 80 (without the limit: up to 120).
    expect(spent).toBeGreaterThan(60);
    expect(spent).toBeLessThanOrEqual(80);
    // Both spreadsheets read the same count (user properties follow the user).
    const [mine, theirs] = [first, second].map((addon) =>
      addon.call<SpendingView>('getSpending').caps.at(-1),
    );
    expect(mine).toEqual(theirs);
    expect(mine).toMatchObject({ name: 'Your key', limit: 80 });
    expect(mine!.used).toBeGreaterThanOrEqual(spent);

    // A sidebar run on the first spreadsheet: refused before anything is sent, naming the limit,
    // and before its preview counts as started: with the limit raised, the same preview starts.
    selectDataRows(first, SHEET, 81, 4);
    const plan = first.call<PlanView>('planRun', {
      kind: 'enrich',
      fields: ['work_email', 'phone'],
      overwrite: true,
    });
    expect(() => first.call('startRun', plan.planId)).toThrow(
      /Your key's daily limit \(80 credits\) is reached until \d{4}-\d\d-\d\d 00:00/,
    );
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
    first.call('setKeyLimit', 2_000);
    expect(first.call<StartView>('startRun', plan.planId).jobs).toBeGreaterThan(0);
    first.call('setKeyLimit', 80);

    // The next day the count starts again.
    first.advanceClock(24 * 60 * 60 * 1000);
    const { start } = planAndStart(first, { fields: ['work_email'], overwrite: true });
    expect(progress(first, start.runId).state).toMatch(/running|finished/);
  });

  it('refuses a retry of a lost start whose price would pass the limit, and reserves one that fits', async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(10, 0)), { addon: true, userEmail: 'ann@acme.com' });
    const { start } = planAndStart(addon, { fields: ['work_email'] });
    await kit.emulator().admin.config({ faults: 'lost=0' });
    await jobsEnded(kit.emulator());
    const [lost] = addon.call<ProgressView>('pollJobs').runs[0]!.ambiguousJobs!;
    // The run reserved nothing (no limit then); the retry's price is 10 credits.
    addon.call('setKeyLimit', 5);
    expect(() => addon.call('retryJob', { runId: start.runId, seq: lost!.seq })).toThrow(
      /Your key's daily limit \(5 credits\) is reached until/,
    );
    addon.call('setKeyLimit', 10);
    addon.call('retryJob', { runId: start.runId, seq: lost!.seq });
    expect(addon.call<SpendingView>('getSpending').caps.at(-1)).toMatchObject({ used: 10, limit: 10 });
  });
});
