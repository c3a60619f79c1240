/**
 * Google's limits met by a run: a protected output column (Sheets refuses the write), a used-up
 * daily URL fetch quota and a used-up daily trigger runtime. Each time: a message on the run's card that says what happened and what to
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
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { runOf } from '../../scripts/lib/enrich-run';

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

  it('says on the card why polls wait while the daily URL fetch quota is used up, and not after', async () => {
    const addon = kit.open(contactRows(people(5, 0)));
    const { start } = planAndStart(addon);
    addon.useQuota('urlfetch', 100_000);
    addon.call('pollJobs');
    expect(progress(addon, start.runId!).error).toMatch(
      /used up today's Apps Script quota of calls to other services/,
    );
    addon.advanceClock(24 * 60 * 60 * 1000);
    const done = await settle(addon, start.runId!);
    expect(done.state).toBe('finished');
    expect(done.error).toBeUndefined();
  });

  it('says so when the daily trigger runtime is used up, and resumes by itself a day later', async () => {
    const addon = kit.open(contactRows(people(5, 0)));
    const { start } = planAndStart(addon);
    const runId = start.runId!;
    // The user's triggers used up the day's 6 hours (a Workspace account) elsewhere.
    addon.useQuota('triggerRuntimeMs', 6 * 60 * 60_000);
    await jobsEnded(kit.emulator());
    for (let hour = 0; hour < 3; hour++) {
      addon.advanceClock(60 * 60_000);
      addon.fireTriggers();
    }
    const refusals = addon.triggerFailures().map(({ error }) => String(error));
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((text) => text.includes('Service using too much computer time for one day'))).toBe(
      true,
    );
    const view = addon.call<ProgressView>('getProgress');
    const stalled = runOf(view, runId)!;
    expect(stalled.state).toBe('running');
    expect(stalled.error).toMatch(/^The background check has not run since .*6 hours for Google Workspace/);
    expect(view.problems).toContain(stalled.error);
    expect(ledgerFingerprints(addon)).toHaveLength(0);
    addon.advanceClock(24 * 60 * 60_000);
    const done = await settle(addon, runId);
    expect(done.state).toBe('finished');
    expect(done.error).toBeUndefined();
    expect(ledgerFingerprints(addon)).toHaveLength(5);
    expect(addon.call<ProgressView>('getProgress').problems).toBeUndefined();
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

describe('a selection of hundreds of separate ranges (rows Ctrl-clicked one by one)', () => {
  it('gets a preview refusal that says what to do, never "Argument too large" (chaos finding 27)', () => {
    const addon = kit.open(contactRows(people(1_200)));
    // Every other row: 600 ranges, more than one user property (9 KB) holds as the preview's.
    addon.setSelection(
      Array.from({ length: 600 }, (_, index) => `A${2 + 2 * index}:D${2 + 2 * index}`),
      SHEET,
    );
    expect(() => addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] })).toThrow(
      /^The selection is made of 600 separate ranges, more than a preview can keep: select the rows in fewer ranges/,
    );
    // A hundred separate ranges are fine.
    addon.setSelection(
      Array.from({ length: 100 }, (_, index) => `A${2 + 2 * index}:D${2 + 2 * index}`),
      SHEET,
    );
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] }).contactsToSend).toBe(
      100,
    );
  });
});
