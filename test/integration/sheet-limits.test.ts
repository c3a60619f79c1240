/**
 * Google's limits met by a run: a protected output column (Sheets refuses the write) and a used-up
 * daily URL fetch quota. Each time: a message on the run's card that says what happened and what to
 * do, no answer lost (the ledger keeps them, nothing is bought twice), and the run goes on by
 * itself once the cause is gone.
 */
import {
  contactRows,
  engineKit,
  jobsEnded,
  ledgerFingerprints,
  people,
  planAndStart,
  progress,
  settle,
  SHEET,
  sheetText,
} from './support/engine';

const kit = engineKit();

describe('a run that meets Google’s limits', () => {
  it('keeps the answers when the output columns are protected, says so, and writes them once allowed', async () => {
    const addon = kit.open(contactRows(people(5, 0)));
    const { start } = planAndStart(addon);
    const runId = start.runId!;
    addon.protect('E1:Z1000', SHEET, ['owner@example.com']);
    await jobsEnded(kit.emulator());
    const blocked = await settle(addon, runId, 3);
    expect(blocked.state).toBe('running');
    expect(blocked.error).toMatch(/^Sheets refused to write the results: some of its cells are protected/);
    expect(ledgerFingerprints(addon)).toHaveLength(5);
    expect(
      sheetText(addon)
        .slice(1)
        .map((row) => row[4]),
    ).toEqual(Array(5).fill('pending'));
    expect(addon.logs().join('\n')).toContain('Sheets refused to write the results');

    addon.unprotectAll();
    const done = await settle(addon, runId);
    expect(done.state).toBe('finished');
    expect(done.error).toBeUndefined();
    expect(done.done).toBe(5);
    expect(
      sheetText(addon)
        .slice(1)
        .every((row) => row[4] !== 'pending'),
    ).toBe(true);
    const starts = (await kit.emulator().admin.jobs()).length;
    expect(starts).toBe(1);
  });

  it('queues the start when the daily URL fetch quota is used up, and starts it once it resets', async () => {
    const addon = kit.open(contactRows(people(5, 0)));
    addon.useQuota('urlfetch', 100_000 - 1);
    const { start } = planAndStart(addon);
    const waiting = progress(addon, start.runId!);
    expect(waiting.ambiguousJobs).toBeUndefined();
    expect(waiting.queuedContacts).toBe(5);
    expect(waiting.error).toMatch(/used up today's Apps Script quota of calls to other services/);
    expect(await kit.emulator().admin.jobs()).toHaveLength(0);

    addon.advanceClock(24 * 60 * 60 * 1000);
    const done = await settle(addon, start.runId!);
    expect(done.state).toBe('finished');
    expect(done.error).toBeUndefined();
    expect(await kit.emulator().admin.jobs()).toHaveLength(1);
  });

  it('tells a user whose properties quota is used up what happened, in plain words', () => {
    const addon = kit.open(contactRows(people(2, 0)));
    const ann = addon.as('ann@gmail.com', { consumer: true, apiKey: kit.emulator().apiKey });
    ann.useQuota('properties', 50_000);
    expect(() => ann.call('getProgress')).toThrow(
      /^Your Google account used up today's Apps Script quota of stored-settings reads and writes \(50,000 a day/,
    );
    expect(() => addon.call('getProgress')).not.toThrow();
  });
});
