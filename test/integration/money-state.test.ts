/**
 * Issue 38: money state decides, screen state is derived. Each case here spent credits twice (or on
 * a start the user was told failed) on the code before it: a damaged run record re-homed with the
 * fields of partial results, a retry of a stuck job that re-bought its early answers, a start
 * refused by Sheets that still sent its job, and a formula run's lost list letting a sidebar run buy.
 */
import type { Addon } from '../../dev/gas/harness';
import { runCase } from '../../scripts/lib/fuzz';
import type { Action } from '../../scripts/lib/fuzz-model';
import { startFuzzEmulator } from '../../scripts/lib/fuzz-world';
import type { PlanView, ProgressView, StartView } from '../../src/app/sidebar-contract';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { HIDDEN_SHEET_WARNING } from '../../src/platform/spreadsheet';
import { STATUS } from '../../src/domain/statuses';
import {
  contactRows,
  engineKit,
  FIELDS,
  firePoll,
  pollUntilIdle,
  damageTheRunRecord,
  jobsEnded,
  people,
  planAndStart,
  progress,
  rowsOf,
  SHEET,
  stuckForADay,
} from './support/engine';

const kit = engineKit();

describe('a run record damaged while its job still works (re-homed)', () => {
  it('saves every answer under the fields the job asked, not those of its partial results', async () => {
    const addon = kit.open(contactRows(people(40)));
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon);
    const document = addon.properties.document;
    document.setProperty(DOCUMENT_PROPERTY.runPrefix + start.runId, '{not json');
    // The job has found nothing yet: the poll gives it a run of its own from its partial results.
    firePoll(addon);
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    const rows = rowsOf(addon);
    expect(rows.filter((row) => row.workEmail).length).toBeGreaterThan(20);
    expect(rows.filter((row) => row.phone).length).toBeGreaterThan(5);
    // Its answers cover both fields: a phone-only run of the same rows buys nobody again.
    const phones = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['phone'] });
    expect(phones.contactsToSend).toBe(0);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a reverse lookup whose run record is damaged while its job works', () => {
  it('is collected under a run of its own (its kind told by its results), nobody bought twice', async () => {
    const emails = people(6, 0).map((contact) => [contact.workEmail]);
    const addon = kit.open([['Email'], ...emails]);
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon, { kind: 'reverse', fields: [] });
    addon.properties.document.setProperty(DOCUMENT_PROPERTY.runPrefix + start.runId, '{not json');
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    const runs = addon.call<ProgressView>('getProgress').runs;
    expect(runs.filter((run) => run.state === 'finished').map((run) => run.kind)).toEqual(['reverse']);
    expect(addon.call<PlanView>('planRun', { kind: 'reverse', fields: [] }).contactsToSend).toBe(0);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a retry of a job stuck for 24 hours', () => {
  it('sends only what has no answer, prices only those, and counts its early answers once', async () => {
    const { addon, start, job: stuck } = await stuckForADay(kit);
    const found = rowsOf(addon).filter((row) => row.status === 'found').length;
    expect(found).toBeGreaterThan(10);
    const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
    // The price counts the contacts without an answer only.
    const perContact = 1 + 10; // work_email and phone, as the price table says
    expect(held!.retryMaxCredits).toBeLessThanOrEqual((40 - found) * perContact);
    addon.call('retryJob', { runId: start.runId, seq: held!.seq });
    const jobs = await kit.emulator().admin.jobs();
    expect(jobs).toHaveLength(2);
    expect(jobs.find((job) => job.id !== stuck!.id)!.total).toBe(40 - found);
    await kit.emulator().admin.finishJob(jobs.find((job) => job.id !== stuck!.id)!.id);
    pollUntilIdle(addon);
    // The card tells the truth: 40 sent, 40 done, each found contact counted once.
    const run = progress(addon, start.runId);
    expect(run).toMatchObject({ sent: 40, done: 40 });
    const rows = rowsOf(addon);
    expect(run.contactsFound).toBe(rows.filter((row) => row.status === 'found').length);
    expect(rows.filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.charges.charged_twice).toBe(0);
    expect(run.credits).toBe(stats.credits_spent);
  });
});

describe('a start that Sheets refused', () => {
  it('never sends anything later: the user was told it failed', async () => {
    const addon = kit.open(contactRows(people(30)));
    addon.protect('E1:Z1000', SHEET, ['owner@example.com']);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(() => addon.call<StartView>('startRun', plan.planId)).toThrow(/Sheets refused to write/);
    pollUntilIdle(addon);
    expect(await kit.emulator().admin.jobs()).toEqual([]);
    expect(addon.call<ProgressView>('getProgress').runs.filter((run) => run.state === 'running')).toEqual([]);
    addon.unprotectAll();
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(30);
  });
});

describe("a formula run's lost list", () => {
  it('holds its contacts from a sidebar run of the same rows (fuzz seed 31002)', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2,B2,D2)');
    addon.recalculate();
    const formulaPlan = addon.call<PlanView>('planFormulaRun', {});
    expect(formulaPlan.contactsToSend).toBe(1);
    addon.call<StartView>('startRun', formulaPlan.planId);
    const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
    jobs.getRange(jobs.getLastRow(), 2).setValue('{"v":1,"garbage');
    addon.setSelection('A2:D2', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect(plan.contactsToSend).toBe(0);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
    expect(rowsOf(addon)[0]!.status).not.toBe(STATUS.pending);
  });
});

describe("the fuzzer's case of seed 31002, replayed", () => {
  it('keeps every invariant: no one charged twice', async () => {
    const actions: Action[] = [
      { kind: 'formulas', rows: [0] },
      { kind: 'getThem', who: 'ann' },
      { kind: 'damage', what: 'jobSheet' },
      { kind: 'run', who: 'ann', rows: [0], lookUpAgain: false },
      { kind: 'poll', who: 'ann' },
    ];
    const emulator = await startFuzzEmulator();
    try {
      await runCase(emulator, actions);
    } finally {
      await emulator.stop();
    }
  }, 60_000);
});

describe('a start whose answer was lost, its run record then damaged (fuzz findings 21, 22)', () => {
  /** Ann's start of row 2 reached the API; the execution died before it saved the job's id. */
  async function lostStartOfADamagedRun(): Promise<{ addon: Addon; jobId: string; jobName: string }> {
    const addon = kit.open(contactRows(people(3, 0)));
    addon.setSelection('A2:D2', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'], overwrite: true });
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 3 } }, 'startRun', plan.planId),
    ).toThrow();
    damageTheRunRecord(addon);
    await jobsEnded(kit.emulator());
    const [job] = await kit.emulator().admin.jobs();
    addon.call('pollJobs');
    return { addon, jobId: job!.id, jobName: job!.name };
  }

  it('says why the row is held and how to get its answer, never "run this row again"', async () => {
    const { addon } = await lostStartOfADamagedRun();
    // Another run's answers are written on the sheet: the rows no readable job claims are marked.
    addon.setSelection('A4:D4', SHEET);
    planAndStart(addon, { fields: ['work_email'] });
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(rowsOf(addon)[2]!.status).toMatch(/^(found|not found)$/);
    expect(rowsOf(addon)[0]!.status).toBe(STATUS.ambiguous);
    addon.setSelection('A2:D2', SHEET);
    const problems = addon.call<ProgressView>('getProgress').problems ?? [];
    expect(problems.join(' ')).toMatch(/import them by their ids/);
    // What its words say holds: a run of the row does not send it.
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] }).contactsToSend).toBe(
      0,
    );
  });

  it('takes the job imported by the id the dashboard shows: its paid answer reaches the row', async () => {
    const { addon, jobId, jobName } = await lostStartOfADamagedRun();
    expect(jobName).toMatch(/ · run \S+ job 1$/);
    addon.call('importJob', { jobId });
    pollUntilIdle(addon);
    const [row] = rowsOf(addon);
    expect(row!.status).toMatch(/^(found|not found)$/);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] }).contactsToSend).toBe(
      0,
    );
  });
});

describe('a start killed once its run is registered, before its job is sent (fuzz finding 20)', () => {
  it('continues in the background, as the run the user agreed to: no sidebar needed, nothing twice', async () => {
    const addon = kit.open(contactRows(people(8)));
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 2 } }, 'startRun', plan.planId),
    ).toThrow();
    expect(await kit.emulator().admin.jobs()).toEqual([]);
    const [run] = addon.call<ProgressView>('getProgress').runs;
    expect(run).toMatchObject({ state: 'running', sent: 8 });
    // The background check is there for it: the job goes without anyone opening the sidebar.
    expect(addon.triggers()).toHaveLength(1);
    firePoll(addon);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
    // Start again, as after any error: what the first start registered is not sent twice.
    addon.call('startRun', plan.planId);
    pollUntilIdle(addon);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(1);
    expect(() => addon.call('startRun', plan.planId)).toThrow(/already been started/);
  });

  it('a "look up again" start killed so is never started again: its consent buys once', async () => {
    const addon = kit.open(contactRows(people(8)));
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS, overwrite: true });
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 2 } }, 'startRun', plan.planId),
    ).toThrow();
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(() => addon.call('startRun', plan.planId)).toThrow(/already been started/);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(1);
  });
});

describe('a start killed after writing "pending", before its run is saved (fuzz finding 26)', () => {
  it('registered nothing, and Start again (what people do after an error) sends those rows', async () => {
    const addon = kit.open(contactRows(people(8, 0)));
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect(() => addon.callWith({ killAfter: { 'Range.setValues': 4 } }, 'startRun', plan.planId)).toThrow(
      /Exceeded maximum execution time/,
    );
    const document = addon.properties.document.getProperties();
    expect(Object.keys(document).filter((key) => key.startsWith(DOCUMENT_PROPERTY.runPrefix))).toEqual([]);
    expect(rowsOf(addon).map((row) => row.status)).toContain(STATUS.pending);
    addon.call<StartView>('startRun', plan.planId);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    expect((await kit.emulator().admin.stats()).jobs.total).toBe(1);
  });
});

describe("the hidden sheets that hold money state (issue 38's damage rule)", () => {
  it("carry Google's warning-only protection: editors are warned, no one (a teammate's run) refused", async () => {
    const addon = kit.open(contactRows(people(4)));
    planAndStart(addon, { fields: ['work_email'] });
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    const hidden = [JOB_SHEET_NAME, LEDGER_SHEET_NAME].map((name) => addon.spreadsheet.getSheetByName(name));
    const protections = addon.spreadsheet.protections.filter((p) => hidden.includes(p.sheet));
    expect(protections.map((p) => [p.sheet.getName(), p.warningOnly, p.description])).toEqual([
      [JOB_SHEET_NAME, true, HIDDEN_SHEET_WARNING],
      [LEDGER_SHEET_NAME, true, HIDDEN_SHEET_WARNING],
    ]);
    // A teammate's run writes both sheets (its list, its answers) under the same protection.
    const bob = addon.as('bob@other.com', {
      apiKey: kit.emulator().apiKey,
      apiBaseUrl: kit.emulator().baseUrl,
    });
    bob.setSelection('A2:D5', SHEET);
    const plan = bob.call<PlanView>('planRun', { kind: 'enrich', fields: ['phone'] });
    bob.call<StartView>('startRun', plan.planId);
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 6 && bob.triggers().length; poll++) firePoll(bob);
    // Every row written by it: "not found" where it shows nothing, "found" beside a work email.
    const misread = rowsOf(addon).filter(
      (row) => !row.phone && row.status !== (row.workEmail || row.workEmailStatus ? 'found' : 'not found'),
    );
    expect(misread).toEqual([]);
  });
});
