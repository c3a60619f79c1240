/**
 * Scheduled refresh through the built add-on, with editor add-on trigger rules (one time-driven
 * trigger per user, hourly at most): a schedule enriches a sheet's new rows on each tick, whatever
 * rows were inserted, deleted or sorted, within the caps the user set, pauses on a refused key, and
 * logs every run in the "Sheet Enrich log" tab.
 */
import { loadAddon, type Addon } from '../../dev/gas/harness';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import type { ScheduleView } from '../../src/app/sidebar-contract';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { HEADER, engineKit, jobsEnded, people, SHEET } from './support/engine';

const kit = engineKit();
const HOUR = 60 * 60 * 1000;

const rowsOf = (contacts: ReturnType<typeof people>) =>
  contacts.map((c) => [c.firstName, c.lastName, c.companyName, c.domain]);

function schedule(
  addon: Addon,
  caps: { perRun?: number; perDay?: number } = {},
  refreshDays?: number,
): ScheduleView {
  return addon.call<ScheduleView>('saveSchedule', {
    sheetName: SHEET,
    kind: 'enrich',
    fields: ['work_email', 'phone'],
    every: 'hour',
    // Unsaid, a run may spend what the day allows (a cap per run above the daily cap is refused).
    maxCreditsPerRun: caps.perRun ?? caps.perDay ?? 100_000,
    maxCreditsPerDay: caps.perDay ?? 100_000,
    ...(refreshDays ? { refreshDays } : {}),
  });
}

/** One hourly tick of the trigger, then (real time) until the API's jobs ended, then the tick that collects them. */
async function tick(addon: Addon): Promise<void> {
  addon.advanceClock(HOUR);
  expect(addon.fireTriggers()).toBe(1);
  await jobsEnded(kit.emulator());
}

function table(addon: Addon): string[][] {
  return addon.spreadsheet.getSheetByName(SHEET)!.getDataRange().getDisplayValues() as string[][];
}

function statuses(addon: Addon): string[] {
  return outputRows(table(addon), 'enrich').map((row) => row.status ?? '');
}

function logRows(addon: Addon): string[][] {
  const log = addon.spreadsheet.getSheetByName('Sheet Enrich log');
  return log ? (log.getDataRange().getDisplayValues() as string[][]) : [];
}

async function spent(): Promise<number> {
  return (await kit.emulator().admin.stats()).credits_spent;
}

describe('a schedule', () => {
  it('enriches the rows, then only new ones, wherever they were inserted, and logs each run', async () => {
    const contacts = people(25, 0.1);
    const addon = kit.open([HEADER, ...rowsOf(contacts.slice(0, 20))], { addon: true });
    const view = schedule(addon);
    expect(view).toMatchObject({ yours: true, summary: 'Runs every hour with your key' });
    expect(addon.triggers()).toHaveLength(1);

    await tick(addon);
    await tick(addon);
    expect(statuses(addon).every((status) => /^(found|not found)/.test(status))).toBe(true);
    const afterFirst = await spent();
    expect(afterFirst).toBeGreaterThan(0);
    expect((await kit.emulator().admin.stats()).charges.persons).toBeGreaterThan(10);

    // Five rows arrive: two inserted in the middle, three at the end; one old row is deleted.
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.deleteRow(5);
    sheet.insertRowsBefore(8, 2);
    sheet.getRange(8, 1, 2, 4).setValues(rowsOf(contacts.slice(20, 22)));
    sheet.getRange(sheet.getLastRow() + 1, 1, 3, 4).setValues(rowsOf(contacts.slice(22)));
    const jobsBefore = (await kit.emulator().admin.jobs()).length;
    await tick(addon);
    await tick(addon);
    const jobs = await kit.emulator().admin.jobs();
    expect(jobs.length - jobsBefore).toBe(1);
    expect(jobs[jobs.length - 1]!.total).toBe(5);
    expect(statuses(addon)).toHaveLength(24);
    expect(statuses(addon).every((status) => /^(found|not found)/.test(status))).toBe(true);
    // Each run has a log row with the credits the API charged; quiet ticks log nothing. Its rows
    // in scope are the sheet's data rows.
    const log = logRows(addon);
    expect(log[0]).toContain('Credits charged');
    expect(log.slice(1).map((row) => [row[2], row[4], row[5], row[13]])).toEqual([
      ['schedule', '20', '20', 'finished'],
      ['schedule', '24', '5', 'finished'],
    ]);
    const charged = log.slice(1).reduce((sum, row) => sum + Number(row[12]), 0);
    expect(charged).toBe(await spent());
  });

  it('never spends more than the daily cap on a 500-row paste, and goes on the next day', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(500, 0))], {
      addon: true,
      now: Date.UTC(2026, 10, 23, 8),
    });
    schedule(addon, { perDay: 100 });
    await tick(addon);
    await tick(addon);
    const firstDay = await spent();
    expect(firstDay).toBeGreaterThan(0);
    expect(firstDay).toBeLessThanOrEqual(100);
    expect(
      statuses(addon).filter((status) => status === 'waiting: daily credit cap reached').length,
    ).toBeGreaterThan(0);
    // Later ticks the same day use what the first run's estimate did not spend, never more.
    for (let hour = 0; hour < 5; hour++) await tick(addon);
    expect(await spent()).toBeLessThanOrEqual(100);
    // The next day (UTC spreadsheet): another 100 at most.
    addon.advanceClock(24 * HOUR);
    await tick(addon);
    await tick(addon);
    const twoDays = await spent();
    expect(twoDays).toBeLessThanOrEqual(200);
    expect(twoDays).toBeGreaterThan(firstDay);
    expect(addon.call<ScheduleView>('getSchedule')?.committedToday).toBeLessThanOrEqual(100);
  });

  it('has one owner and one trigger: another user takes it over explicitly', () => {
    const addon = kit.open([HEADER, ...rowsOf(people(3))], { addon: true, userEmail: 'ann@example.com' });
    schedule(addon);
    const other = addon.as('bob@example.com', {
      apiKey: kit.emulator().apiKey,
      apiBaseUrl: kit.emulator().baseUrl,
    });
    expect(other.call<ScheduleView>('getSchedule')).toMatchObject({
      ownerEmail: 'ann@example.com',
      yours: false,
      summary: "Runs every hour with ann@example.com's key",
    });
    schedule(other);
    expect(other.call<ScheduleView>('getSchedule')).toMatchObject({
      ownerEmail: 'bob@example.com',
      yours: true,
    });
    expect(other.triggers()).toHaveLength(1);
    // Ann's trigger has nothing left to do for the schedule: it goes at its next run.
    addon.advanceClock(HOUR);
    addon.fireTriggers();
    expect(addon.triggers()).toHaveLength(0);
  });

  it('pauses itself at once when the API refuses the key, and says why', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(5))], { addon: true });
    schedule(addon);
    addon.properties.user.setProperty('sheetEnrich.apiKey', 'not-a-key');
    await tick(addon);
    const view = addon.call<ScheduleView>('getSchedule');
    expect(view?.pausedReason).toMatch(/key/i);
    expect(await spent()).toBe(0);
    addon.advanceClock(HOUR);
    addon.fireTriggers();
    expect((await kit.emulator().admin.jobs()).length).toBe(0);
  });
});

describe("a schedule's settings", () => {
  it('says in a sentence what a cap must be, and refuses a cap per run above the daily cap or below one contact', () => {
    const addon = kit.open([HEADER, ...rowsOf(people(3))], { addon: true });
    const WHOLE = 'must be a whole number of credits from 1 to 1,000,000.';
    expect(() => schedule(addon, { perRun: -5 })).toThrow(`The cap per run ${WHOLE}`);
    expect(() => schedule(addon, { perRun: 2.5 })).toThrow(`The cap per run ${WHOLE}`);
    expect(() => schedule(addon, { perRun: 10, perDay: 0 })).toThrow(`The daily cap ${WHOLE}`);
    expect(() => schedule(addon, { perRun: 80, perDay: 60 })).toThrow(
      'The cap per run (80 credits) is above the daily cap (60): no run could spend it. Make it 60 or less.',
    );
    // Below one contact's price (a work email and a phone: 11), no run could ever send a row, and
    // every row read "waiting: credit cap per run reached" for good (fuzz seed 64017, stop 57).
    expect(() => schedule(addon, { perRun: 10, perDay: 60 })).toThrow(
      'The cap per run (10 credits) is below what one contact may cost (11 credits): no run could send one. Make it 11 or more.',
    );
    expect(addon.call('getSchedule')).toBeNull();
    expect(schedule(addon, { perRun: 11, perDay: 60 })).toMatchObject({ maxCreditsPerRun: 11 });
    expect(schedule(addon, { perRun: 60, perDay: 60 })).toMatchObject({ maxCreditsPerRun: 60 });
  });

  it('keeps what today committed when it is cleared and saved again: no new cap for the day', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(5))], { addon: true });
    schedule(addon, { perRun: 60, perDay: 60 });
    await tick(addon);
    const committed = addon.call<ScheduleView>('getSchedule').committedToday;
    expect(committed).toBeGreaterThan(0);
    addon.call('clearSchedule');
    expect(addon.call('getSchedule')).toBeNull();
    expect(schedule(addon, { perRun: 60, perDay: 60 }).committedToday).toBe(committed);
  });

  it('follows a renamed sheet, and pauses at once naming it when it is deleted', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(3))], { addon: true });
    schedule(addon);
    addon.spreadsheet.getSheetByName(SHEET)!.setName('Leads');
    expect(addon.call<ScheduleView>('getSchedule').sheetName).toBe('Leads');
    await tick(addon);
    // Sheets never deletes the last visible sheet: another tab stays.
    addon.addSheetFromValues('Notes', [['kept']]);
    addon.spreadsheet.deleteSheet(addon.spreadsheet.getSheetByName('Leads')!);
    addon.advanceClock(HOUR);
    addon.fireTriggers();
    const view = addon.call<ScheduleView>('getSchedule');
    expect(view.pausedReason).toBe(
      'the sheet "Leads" was deleted: choose a sheet and save the schedule again',
    );
    expect(view.lastOutcome).toBe(`Paused: ${view.pausedReason}.`);
  });
});

describe('a schedule whose job start is lost', () => {
  it('counts it at its most, pauses with the reason, and the log says what it may have cost', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(5))], { addon: true });
    schedule(addon, { perRun: 60, perDay: 60 });
    await kit.emulator().admin.config({ faults: 'lost=1' });
    try {
      await tick(addon);
      // The lost start is never resent: the next tick ends the run, ambiguous.
      addon.advanceClock(HOUR);
      addon.fireTriggers();
    } finally {
      await kit.emulator().admin.config({ faults: 'lost=0' });
    }
    const view = addon.call<ScheduleView>('getSchedule');
    // 5 contacts at 11 credits at most (work email and phone): all of it stays committed.
    expect(view.committedToday).toBe(55);
    expect(view.pausedReason).toBe(
      "a run's job start was lost: it may have been charged up to 55 credits. Import the job (its id is in the log tab) or retry it from the Jobs panel, then save the schedule again.",
    );
    const log = logRows(addon);
    const charged = log[0]!.indexOf('Credits charged');
    expect(log.at(-1)![charged]).toBe('0 (may have been charged up to 55)');
    // Paused: later ticks send nothing.
    const jobs = (await kit.emulator().admin.jobs()).length;
    addon.advanceClock(HOUR);
    addon.fireTriggers();
    expect((await kit.emulator().admin.jobs()).length).toBe(jobs);
  });
});

describe('a schedule over a week', () => {
  it('runs hourly over a sheet that keeps growing: credits are exactly what the new rows needed, capped per day', async () => {
    // The emulator's jobs run on real time and the add-on's on a simulated clock: jobs that never end
    // by themselves, ended by the test every six simulated hours, make the week the same on any
    // machine (jobs of 150 ms ended whenever the machine got to them: on a busy one, runs moved into
    // later days).
    await kit.emulator().admin.config({ jobMs: HOUR });
    const endJobs = async (): Promise<void> => {
      const running = (await kit.emulator().admin.jobs()).filter((job) =>
        ['CREATED', 'IN_PROGRESS'].includes(job.status),
      );
      for (const job of running) await kit.emulator().admin.finishJob(job.id);
    };
    const contacts = people(160, 0.1);
    const addon = kit.open([HEADER, ...rowsOf(contacts.slice(0, 10))], {
      addon: true,
      now: Date.UTC(2026, 10, 23, 0, 30),
    });
    schedule(addon, { perDay: 150 });
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    let added = 10;
    for (let day = 0; day < 7; day++) {
      for (let hour = 0; hour < 24; hour++) {
        // Leads arrive during the day: 5 every 3 hours, some pasted at the top, some sorted in.
        if (hour % 3 === 0 && added < contacts.length) {
          const batch = rowsOf(contacts.slice(added, added + 5));
          added += batch.length;
          if (hour % 2 === 0) {
            sheet.insertRowsBefore(2, batch.length);
            sheet.getRange(2, 1, batch.length, 4).setValues(batch);
          } else sheet.getRange(sheet.getLastRow() + 1, 1, batch.length, 4).setValues(batch);
        }
        addon.advanceClock(HOUR);
        addon.fireTriggers();
        if (hour % 6 === 5) await endJobs();
      }
    }
    // Two quiet ticks collect the last answers.
    for (let quiet = 0; quiet < 2; quiet++) {
      addon.advanceClock(HOUR);
      expect(addon.fireTriggers()).toBe(1);
      await endJobs();
    }
    const stats = await kit.emulator().admin.stats();
    // Never a person charged twice, and every credit spent is one a row needed.
    expect(stats.charges.charged_twice).toBe(0);
    expect(stats.credits_spent).toBe(stats.charges.credits_once);
    expect(statuses(addon).every((status) => /^(found|not found)/.test(status))).toBe(true);
    expect(statuses(addon)).toHaveLength(contacts.length);
    // Every run is in the log, and the log's credits add up to what the API charged.
    const log = logRows(addon).slice(1);
    expect(log.reduce((sum, row) => sum + Number(row[12]), 0)).toBe(stats.credits_spent);
    // The cap holds per day the runs were sent (the emulator charges a job as it processes it, in real
    // time, so sampling its total at a simulated midnight would blame one day for the last run of another).
    const chargedByDay = new Map<string, number>();
    for (const row of log)
      chargedByDay.set(row[0]!.slice(0, 10), (chargedByDay.get(row[0]!.slice(0, 10)) ?? 0) + Number(row[12]));
    expect(chargedByDay.size).toBeGreaterThanOrEqual(5);
    for (const charged of chargedByDay.values()) expect(charged).toBeLessThanOrEqual(150);
    // 168 trigger runs of the add-on: CPU work that took 30 s and more on 2 busy cores.
  }, 90_000);

  it('skips a run the balance cannot pay for, and pauses after three failed runs in a row', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(10, 0))], { addon: true });
    schedule(addon);
    await kit.emulator().admin.setCredits(3);
    await tick(addon);
    expect(addon.call<ScheduleView>('getSchedule')?.lastOutcome).toMatch(
      /^Skipped: the balance \(3 credits\)/,
    );
    expect((await kit.emulator().admin.jobs()).length).toBe(0);

    addon.spreadsheet.insertSheet('Other');
    addon.spreadsheet.deleteSheet(addon.spreadsheet.getSheetByName(SHEET)!);
    for (let failure = 1; failure <= 3; failure++) {
      addon.advanceClock(HOUR);
      addon.fireTriggers();
    }
    const view = addon.call<ScheduleView>('getSchedule');
    expect(view?.pausedReason).toMatch(/was deleted/);
    // Paused: this user's trigger has nothing left to do and removes itself.
    addon.advanceClock(HOUR);
    addon.fireTriggers();
    expect(addon.triggers()).toHaveLength(0);
  });
});

describe('the quota meter', () => {
  it('counts every UrlFetch call the add-on made today, sidebar and trigger alike', async () => {
    const addon = kit.open([HEADER, ...rowsOf(people(30))], { addon: true, userEmail: 'ann@gmail.com' });
    schedule(addon);
    await tick(addon);
    await tick(addon);
    addon.call('getCreditBalance');
    const quota = addon.call<{ quota: Record<string, unknown> }>('getSettings').quota;
    expect(quota).toMatchObject({
      urlFetches: addon.counts.urlfetch,
      urlFetchLimit: 20_000,
      account: 'consumer',
    });
    expect(addon.counts.urlfetch).toBeGreaterThan(2);
    expect(quota.triggerMinutesLimit).toBe(90);
  });
});

describe("a tick's reads", () => {
  /**
   * How many times one tick reads the whole ledger: the same document ticked twice from one state,
   * once as it is and once with its ledger's rows repeated 50 times more (a later row of a
   * fingerprint wins, so the answers are the same); the cells read apart, over the padding's.
   */
  function ledgerReadsOfATick(state: ReturnType<Addon['exportState']>): number {
    const cellsRead = (padded: boolean): { cells: number; padding: number } => {
      const addon = loadAddon({ apiBaseUrl: kit.emulator().baseUrl, allowLoopback: true, state });
      try {
        const ledger = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME)!;
        const rows = ledger.getRange(2, 1, ledger.getLastRow() - 1, 2).getValues();
        const padding = padded ? Array.from({ length: 50 }, () => rows).flat() : [];
        // Rows past the sheet's last are refused, as Sheets refuses them: made first.
        if (padded) ledger.insertRowsAfter(ledger.getMaxRows(), padding.length);
        if (padded) ledger.getRange(rows.length + 2, 1, padding.length, 2).setValues(padding);
        const before = addon.counts.cellsRead;
        addon.advanceClock(HOUR);
        expect(addon.fireTriggers()).toBe(1);
        return { cells: addon.counts.cellsRead - before, padding: padding.length * 2 };
      } finally {
        addon.close();
      }
    };
    const plain = cellsRead(false);
    const padded = cellsRead(true);
    return (padded.cells - plain.cells) / padded.padding;
  }

  async function enrichedOnce(refreshDays?: number): Promise<Addon> {
    const contacts = people(25, 0.1);
    const addon = kit.open([HEADER, ...rowsOf(contacts.slice(0, 20))], { addon: true });
    schedule(addon, {}, refreshDays);
    await tick(addon);
    await tick(addon);
    expect(statuses(addon).every((status) => /^(found|not found)/.test(status))).toBe(true);
    return addon;
  }

  it('reads the ledger once in a tick that sends new rows', async () => {
    const addon = await enrichedOnce();
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange(sheet.getLastRow() + 1, 1, 5, 4).setValues(rowsOf(people(30, 0.1).slice(25)));
    expect(ledgerReadsOfATick(addon.exportState())).toBe(1);
  });

  it('reads the ledger once in a tick with no new rows that looks for old answers', async () => {
    const addon = await enrichedOnce(30);
    expect(ledgerReadsOfATick(addon.exportState())).toBe(1);
  });
});
