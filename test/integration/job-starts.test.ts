/**
 * Job starts under ambiguity: a start the API processed but whose answer was lost is never resent
 * on our own (the API has no idempotency key), and the user gets it back by import (free) or retry.
 */
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import type { ImportJobView, ProgressView, RunProgress } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  jobsEnded,
  people,
  planAndStart,
  progress,
  rowsOf,
  settle,
  SHEET,
} from './support/engine';

const kit = engineKit();

async function emulatorJobsByName() {
  const jobs = await jobsEnded(kit.emulator());
  return new Map(jobs.map((job) => [job.name, job]));
}

function lostStarts(contacts: number) {
  return async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(contacts)));
    const { start } = planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    return { addon, runId: start.runId };
  };
}

function ambiguousRun(addon: Addon, runId: string): RunProgress {
  // The poll writes the rows' status and ends the run.
  addon.call<ProgressView>('pollJobs');
  return progress(addon, runId);
}

describe('job starts whose answer was lost', () => {
  it('are not resent: rows and run say so, and each job is charged once', async () => {
    const { addon, runId } = await lostStarts(250)();
    const jobs = await emulatorJobsByName();
    expect(jobs.size).toBe(3);
    const run = ambiguousRun(addon, runId);
    expect(run).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/250 contacts \(3 jobs\) may have been started/),
    });
    expect(run.ambiguousJobs!.map((job) => job.contacts)).toEqual([100, 100, 50]);
    expect(run.ambiguousJobs!.every((job) => jobs.has(job.name))).toBe(true);
    expect(run.ambiguousJobs![0]!.retryMaxCredits).toBe(100 * 11);
    expect(new Set(rowsOf(addon).map((row) => row.status))).toEqual(
      new Set(['may have been started: not sent again so you are not charged twice (see Jobs)']),
    );
    // A new plan on the same rows does not send them either.
    const again = addon.call<{ contactsToSend: number }>('planRun', {
      kind: 'enrich',
      fields: ['work_email', 'phone'],
      overwrite: true,
    });
    expect(again.contactsToSend).toBe(0);
    expect((await emulatorJobsByName()).size).toBe(3);
  });

  it("one lost answer holds only its own start: the run's other jobs are collected", async () => {
    // Ten jobs; the API makes each, and loses some answers (a 503, or the connection cut).
    await kit.emulator().admin.config({ faults: 'lost=0.3' });
    const addon = kit.open(contactRows(people(1000, 0)));
    const { start } = planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const jobs = [...(await emulatorJobsByName()).values()];
    const lost = jobs.filter((job) => job.answer_lost);
    // The case this is about: a cut connection among them, and starts answered beside it.
    expect(jobs).toHaveLength(10);
    expect(lost.some((job) => job.answer_lost === 'reset')).toBe(true);
    expect(lost.length).toBeLessThan(10);
    const run = ambiguousRun(addon, start.runId);
    // Sent in one fetchAll, the cut connection lost every answer of the batch: 10 jobs held.
    expect(run.ambiguousJobs!.map((job) => job.name).sort()).toEqual(lost.map((job) => job.name).sort());
    await settle(addon, start.runId);
    const answered = rowsOf(addon).filter((row) => /^(not )?found/.test(row.status ?? ''));
    expect(answered).toHaveLength(1000 - 100 * lost.length);
    expect(answered.every(emailMatchesRow)).toBe(true);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('import by the id the dashboard shows: results land on their rows, at no extra cost', async () => {
    const { addon, runId } = await lostStarts(150)();
    const byName = await emulatorJobsByName();
    const run = ambiguousRun(addon, runId);
    for (const job of run.ambiguousJobs!) {
      const imported = addon.call<ImportJobView>('importJob', {
        jobId: byName.get(job.name)!.id,
        job: { runId, seq: job.seq },
      });
      expect(imported.contacts).toBe(job.contacts);
    }
    const done = await settle(addon, runId);
    expect(done).toMatchObject({ state: 'finished', sent: 150, done: 150 });
    const rows = rowsOf(addon);
    expect(rows.filter((row) => row.workEmail).length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.workEmail).every(emailMatchesRow)).toBe(true);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(2);
    expect(done.credits).toBe(stats.credits_spent);
  });

  it("import refuses another run's job over the same rows, then takes the lost one", async () => {
    // A phone-only run over 20 rows ends; a work-email run over the same rows loses its start.
    const addon = kit.open(contactRows(people(20)));
    const phones = planAndStart(addon, { fields: ['phone'] });
    await settle(addon, phones.start.runId);
    const phoneJob = (await jobsEnded(kit.emulator()))[0]!;
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const { start } = planAndStart(addon, { fields: ['work_email'], overwrite: true });
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const lost = ambiguousRun(addon, start.runId).ambiguousJobs![0]!;
    expect(() =>
      addon.call('importJob', { jobId: phoneJob.id, job: { runId: start.runId, seq: lost.seq } }),
    ).toThrow(`The job you pasted is another job ("${phoneJob.name}")`);
    // Nothing was recorded for it: the lost job is still the one to import.
    expect(ambiguousRun(addon, start.runId).ambiguousJobs).toHaveLength(1);
    const real = (await emulatorJobsByName()).get(lost.name)!;
    addon.call<ImportJobView>('importJob', { jobId: real.id, job: { runId: start.runId, seq: lost.seq } });
    const run = await settle(addon, start.runId);
    expect(run.state).toBe('finished');
    expect(run.found.workEmail).toBeGreaterThan(10);
  });

  it('import refuses the id of another job', async () => {
    const { addon, runId } = await lostStarts(150)();
    const byName = await emulatorJobsByName();
    const run = ambiguousRun(addon, runId);
    const [first, second] = run.ambiguousJobs!;
    expect(() =>
      addon.call('importJob', { jobId: byName.get(second!.name)!.id, job: { runId, seq: first!.seq } }),
    ).toThrow(/another job/);
    expect(() => addon.call('importJob', { jobId: 'no such job!', job: { runId, seq: first!.seq } })).toThrow(
      /does not look like a job id/,
    );
  });

  it('retry sends the job again when the user chooses to (and it is charged again)', async () => {
    const { addon, runId } = await lostStarts(40)();
    const run = ambiguousRun(addon, runId);
    addon.call('retryJob', { runId, seq: run.ambiguousJobs![0]!.seq });
    const done = await settle(addon, runId);
    expect(done).toMatchObject({ state: 'finished', sent: 40, done: 40 });
    expect(
      rowsOf(addon)
        .filter((row) => row.workEmail)
        .every(emailMatchesRow),
    ).toBe(true);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(2);
  });

  it('import recovers a job whose registry was lost', async () => {
    const { addon, runId } = await lostStarts(30)();
    const [job] = [...(await emulatorJobsByName()).values()];
    ambiguousRun(addon, runId);
    for (const key of Object.keys(addon.properties.document.getProperties()))
      if (key.startsWith(DOCUMENT_PROPERTY.runPrefix) || key.startsWith(DOCUMENT_PROPERTY.jobPrefix))
        addon.properties.document.deleteProperty(key);
    const imported = addon.call<ImportJobView>('importJob', { jobId: job!.id });
    expect(imported.contacts).toBe(30);
    const done = await settle(addon, imported.runId);
    expect(done).toMatchObject({ state: 'finished', sent: 30, done: 30 });
    expect(
      rowsOf(addon)
        .filter((row) => row.workEmail)
        .every(emailMatchesRow),
    ).toBe(true);
    expect(rowsOf(addon).filter((row) => row.workEmail).length).toBeGreaterThan(20);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(1);
  });

  it('a lost-registry import records only the fields its answers show, never "not found" for others', async () => {
    // A phone-only job over people the API does not know: it finds nothing.
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(5, 1)));
    const { start } = planAndStart(addon, { fields: ['phone'] });
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const [job] = [...(await emulatorJobsByName()).values()];
    ambiguousRun(addon, start.runId);
    for (const key of Object.keys(addon.properties.document.getProperties()))
      if (key.startsWith(DOCUMENT_PROPERTY.runPrefix) || key.startsWith(DOCUMENT_PROPERTY.jobPrefix))
        addon.properties.document.deleteProperty(key);
    const imported = addon.call<ImportJobView>('importJob', { jobId: job!.id });
    await settle(addon, imported.runId);
    // Work email was never asked: a formula asking for it queues, it does not say "— not found".
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('K2').setFormula('=ENRICH_EMAIL(A2,B2,D2)');
    addon.recalculate();
    expect(sheet.getRange('K2').getDisplayValue()).toMatch(/^⏳ queued/);
  });

  it('an execution killed after the start went out leaves the job ambiguous, never resent', async () => {
    const addon = kit.open(contactRows(people(20)));
    const plan = addon.call<{ planId: string }>('planRun', {
      kind: 'enrich',
      fields: ['work_email', 'phone'],
    });
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 3 } }, 'startRun', plan.planId),
    ).toThrow(/Exceeded/);
    const view = addon.call<ProgressView>('pollJobs');
    expect(view.runs[0]).toMatchObject({ state: 'failed' });
    expect(view.runs[0]!.ambiguousJobs![0]!.problem).toMatch(/stopped while it was starting/);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(1);
  });
});
