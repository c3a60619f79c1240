/**
 * Settings › Schedule › "Run now" through the built add-on: the hourly tick's own code at once,
 * within the same caps, counted as the period's run; and what cannot run now is said, not done.
 */
import type { Addon } from '../../dev/gas/harness';
import type { ScheduleRunView, ScheduleView } from '../../src/app/sidebar-contract';
import { HEADER, engineKit, jobsEnded, people, SHEET } from './support/engine';

const kit = engineKit();
const HOUR = 60 * 60 * 1000;

function save(addon: Addon, perRun: number, perDay: number): ScheduleView {
  return addon.call<ScheduleView>('saveSchedule', {
    sheetName: SHEET,
    kind: 'enrich',
    fields: ['work_email'],
    every: 'hour',
    maxCreditsPerRun: perRun,
    maxCreditsPerDay: perDay,
  });
}

const rows = (count: number) =>
  people(count, 0).map((c) => [c.firstName, c.lastName, c.companyName, c.domain]);

async function spent(): Promise<number> {
  return (await kit.emulator().admin.stats()).credits_spent;
}

describe('Run now', () => {
  it('runs the tick at once within the caps, and the next hourly tick comes an hour later', async () => {
    const addon = kit.open([HEADER, ...rows(30)], { addon: true });
    save(addon, 10, 15);
    const first = addon.call<ScheduleRunView>('runScheduleNow');
    // Work emails cost 1 credit each at most: 10 contacts fit the cap per run, 20 wait.
    expect(first.outcome).toMatch(
      /^Sent 10 contacts \(at most 10 credits\); 20 new contacts wait for the next period \(credit cap reached\)/,
    );
    expect(first.schedule).toMatchObject({ committedToday: 10, lastOutcome: first.outcome });
    expect(first.schedule?.lastRunAt).toBeDefined();
    await jobsEnded(kit.emulator());

    // The trigger fires within the hour: Run now was this period's run, so the tick sends nothing.
    const jobs = (await kit.emulator().admin.jobs()).length;
    addon.advanceClock(HOUR / 2);
    addon.fireTriggers({ all: true });
    expect(addon.call<ScheduleView>('getSchedule')?.lastRunAt).toBe(first.schedule?.lastRunAt);
    expect(await kit.emulator().admin.jobs()).toHaveLength(jobs);

    // Run now again and again: each is held to what the day has left, as a tick would be.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 8 && !outcomes.some((line) => line.includes('cap reached')); attempt++) {
      outcomes.push(addon.call<ScheduleRunView>('runScheduleNow').outcome);
      await jobsEnded(kit.emulator());
      // A minute passes, as between a person's clicks: the poll's pace (api/pace.ts) waits as long
      // as jobs have taken before it asks for one, and on a loaded machine they take longer.
      addon.advanceClock(60_000);
      addon.fireTriggers({ all: true });
    }
    expect(outcomes[outcomes.length - 1]).toMatch(/wait for the next period \(credit cap reached\)/);
    expect(addon.call<ScheduleView>('getSchedule')?.committedToday).toBeLessThanOrEqual(15);
    expect(await spent()).toBeLessThanOrEqual(15);
  });

  it('collects a previous run whose jobs are over before saying it still works', async () => {
    const addon = kit.open([HEADER, ...rows(6)], { addon: true });
    save(addon, 3, 100);
    expect(addon.call<ScheduleRunView>('runScheduleNow').outcome).toMatch(/^Sent 3 contacts/);
    // Its job is over at the API; nothing has collected it yet.
    await jobsEnded(kit.emulator());
    expect(addon.call<ScheduleRunView>('runScheduleNow').outcome).toMatch(/^Sent 3 contacts/);
  });

  it('says why it cannot run: no schedule, or another user owns it', async () => {
    const addon = kit.open([HEADER, ...rows(3)], { addon: true });
    expect(() => addon.call('runScheduleNow')).toThrow('There is no schedule to run: save one first.');
    save(addon, 10, 10);
    const teammate = addon.as('bea@example.com');
    expect(() => teammate.call('runScheduleNow')).toThrow(/key: take it over to run it with yours\./);
    expect(await spent()).toBe(0);
  });
});
