/**
 * The log tab tells each run once and in full: a run that ends again after its lost start was
 * imported updates its row, naming every job it had; "Rows in scope" is filled for sidebar and formula runs; a formula run
 * the automatic mode sent says so.
 */
import type { Addon } from '../../dev/gas/harness';
import type {
  FormulaQueueView,
  ImportJobView,
  PlanView,
  ProgressView,
  StartView,
} from '../../src/app/sidebar-contract';
import { RUN_LOG_SHEET } from '../../src/store/run-log';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { sleep } from '../../scripts/lib/enrich-run';
import {
  contactRows,
  engineKit,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  progress,
  settle,
  sheetText,
  SHEET,
} from './support/engine';

const kit = engineKit();

/** The log's rows as header → cell records. */
function logRows(addon: Addon): Record<string, string>[] {
  const [header, ...rows] = sheetText(addon, RUN_LOG_SHEET);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

describe('the log tab', () => {
  it('updates the row of a run whose lost start was imported, instead of adding one', async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(30)));
    const { start } = planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const jobs = await jobsEnded(kit.emulator());
    addon.call<ProgressView>('pollJobs');
    const failed = progress(addon, start.runId);
    expect(failed.state).toBe('failed');
    expect(logRows(addon)).toHaveLength(1);
    expect(logRows(addon)[0]!['Credits charged']).toMatch(/may have been charged up to/);

    const lost = failed.ambiguousJobs![0]!;
    addon.call<ImportJobView>('importJob', {
      jobId: jobs.find((job) => job.name === lost.name)!.id,
      job: { runId: start.runId, seq: lost.seq },
    });
    const done = await settle(addon, start.runId);
    expect(done.state).toBe('finished');
    const rows = logRows(addon);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Outcome: 'finished',
      'Credits charged': String(done.credits),
      'Rows in scope': '30',
      Source: 'manual',
      'Run id (for support)': start.runId,
    });
    // The Jobs panel names the run's source in the log's words.
    expect(done.source).toBe('manual');
  });

  // Each end rewrote the row from the jobs still in the registry: the jobs of its earlier ends,
  // pruned since, left the row's "Job ids".
  it('names every job of a run whose lost starts were imported one at a time', async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(150, 0)));
    const { start } = planAndStart(addon, { fields: ['work_email'] });
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const jobs = await jobsEnded(kit.emulator());
    expect(jobs).toHaveLength(2);
    addon.call<ProgressView>('pollJobs');
    for (const lost of [...progress(addon, start.runId).ambiguousJobs!]) {
      addon.call<ImportJobView>('importJob', {
        jobId: jobs.find((job) => job.name === lost.name)!.id,
        job: { runId: start.runId, seq: lost.seq },
      });
      await settle(addon, start.runId);
    }
    const [row, ...others] = logRows(addon);
    expect(others).toEqual([]);
    expect(row!['Job ids (for support)']!.split(' ').sort()).toEqual(jobs.map((job) => job.id).sort());
  });

  // Chaos seed 14: a run waiting for its key counted as ended, and the prune deleted its applied
  // jobs; once resumed, it ended and its row named only the jobs it had left.
  it('names the jobs a run applied before it waited for its key', async () => {
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    const addon = kit.open(contactRows(people(160, 0)), { userEmail: 'carol@acme.com' });
    addon.setSelection('A2:D151', SHEET);
    const { start } = planAndStart(addon, { fields: ['work_email'] });
    await kit.emulator().admin.config({ faults: 'stuck=0' });
    await sleep(300);
    const jobs = await kit.emulator().admin.jobs();
    expect(jobs).toHaveLength(2);
    await kit.emulator().admin.finishJob(jobs[0]!.id);
    firePoll(addon);
    addon.call('saveSettings', { apiKey: '' });
    addon.call('pollJobs');
    expect(progress(addon, start.runId)).toMatchObject({ state: 'failed', done: 100 });
    // A teammate's run ends meanwhile: the registry is pruned.
    const dan = addon.as('dan@acme.com', {
      apiKey: kit.emulator().apiKey,
      apiBaseUrl: kit.emulator().baseUrl,
    });
    dan.setSelection('A152:D161', SHEET);
    await settle(dan, planAndStart(dan, { fields: ['work_email'] }).start.runId);
    addon.call('saveSettings', { apiKey: kit.emulator().apiKey });
    addon.call('resumeStoppedRuns');
    await kit.emulator().admin.finishJob(jobs[1]!.id);
    await settle(addon, start.runId);
    const row = logRows(addon).find((cells) => cells['Run id (for support)'] === start.runId)!;
    expect(row['Job ids (for support)']!.split(' ').sort()).toEqual(jobs.map((job) => job.id).sort());
  });

  it('an id imported by "Import a job by its id" resolves its lost start, and a second import is refused', async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(12)));
    const { start } = planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const [job] = await jobsEnded(kit.emulator());
    addon.call<ProgressView>('pollJobs');
    expect(progress(addon, start.runId).ambiguousJobs).toHaveLength(1);

    // The id alone, as the Jobs panel's form sends it: the lost start's run takes it, no new run.
    const imported = addon.call<ImportJobView>('importJob', { jobId: job!.id });
    expect(imported.runId).toBe(start.runId);
    const done = await settle(addon, start.runId);
    expect(done).toMatchObject({ state: 'finished', done: 12 });
    expect(done.ambiguousJobs).toBeUndefined();
    expect(addon.call<ProgressView>('getProgress').runs).toHaveLength(1);
    expect(logRows(addon)).toEqual([expect.objectContaining({ Outcome: 'finished', 'Rows in scope': '12' })]);

    // Imported again, once its run ended (its job record pruned) and once its run was cleared too.
    // Said without the id (a UUID means nothing to a person; they just pasted it).
    expect(() => addon.call('importJob', { jobId: job!.id })).toThrow(
      /^This job was imported already: the log tab counts it\.$/,
    );
    addon.call('clearEndedRuns');
    expect(() => addon.call('importJob', { jobId: job!.id })).toThrow(/imported already/);
    expect(addon.call<ProgressView>('getProgress').runs).toHaveLength(0);
    expect(logRows(addon)).toHaveLength(1);
  });

  it('fills Rows in scope for formula runs and tells a user-started one from an automatic one', async () => {
    const addon = kit.open(contactRows(people(6)), { userEmail: 'owner@example.com' });
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A4,B2:B4,D2:D4)');
    addon.recalculate();
    const plan = addon.call<PlanView>('planFormulaRun', {});
    await settle(addon, addon.call<StartView>('startRun', plan.planId).runId);
    expect(logRows(addon).at(-1)).toMatchObject({ Source: 'formulas (manual)', 'Rows in scope': '3' });

    sheet.getRange('H2').setFormula('=ENRICH_EMAIL(A5:A7,B5:B7,D5:D7)');
    addon.recalculate();
    addon.call<FormulaQueueView>('setFormulaAuto', { enabled: true, dailyCap: 50 });
    for (let round = 0; round < 10 && logRows(addon).length < 2; round++) {
      firePoll(addon);
      await sleep(300);
    }
    expect(logRows(addon).at(-1)).toMatchObject({ Source: 'formulas (automatic)', 'Rows in scope': '3' });
  });

  it('fills Rows in scope for a run made by importing a job the Jobs list lost', async () => {
    await kit.emulator().admin.config({ faults: 'lost=1' });
    const addon = kit.open(contactRows(people(12)));
    planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'lost=0' });
    const [job] = await jobsEnded(kit.emulator());
    addon.call<ProgressView>('pollJobs');
    for (const key of Object.keys(addon.properties.document.getProperties()))
      if (key.startsWith(DOCUMENT_PROPERTY.runPrefix) || key.startsWith(DOCUMENT_PROPERTY.jobPrefix))
        addon.properties.document.deleteProperty(key);
    const imported = addon.call<ImportJobView>('importJob', { jobId: job!.id });
    await settle(addon, imported.runId);
    expect(logRows(addon).find((row) => row['Run id (for support)'] === imported.runId)).toMatchObject({
      'Rows in scope': '12',
      Outcome: 'finished',
    });
  });
});
