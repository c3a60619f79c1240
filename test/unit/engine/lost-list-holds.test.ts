/**
 * Paid once when a job's record or list of contacts is lost (src/engine/paid-once.ts): a formula
 * run's job and a sheet run's hold their contacts until their list is read back from the results
 * or the job is imported by its id. Split from paid-once.test.ts.
 */
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { answerFormula, contactFieldSpec } from '../../../src/features/formulas/custom-functions';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, people, poll, progress, server, startedRun, jobKeys } from '../fakes/scenario';

const HOUR = 60 * 60 * 1000;

describe("a formula run's job whose record is damaged", () => {
  it('is not bought again by "Get them", and can be imported by its id', () => {
    const world = createWorld();
    const rows = people(3);
    contactsSheet(world, rows);
    for (const row of rows) answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    world.api.notReadyPolls = 1;
    const plan = server(world).planFormulaRun({});
    server(world).startRun(plan.planId);
    const [jobKey] = jobKeys(world);
    world.documentStore.set(jobKey!, '{not json');
    poll(world);
    expect(progress(world).runs[0]!.error).toMatch(/Import it by its id/);
    // Its requests are still queued, but their contacts may have been bought: nothing to send.
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });

    world.api.notReadyPolls = 0;
    expect(server(world).importJob({ jobId: 'job-1' })).toMatchObject({ contacts: 3 });
    poll(world);
    expect(server(world).getFormulaQueue().queues).toEqual([]);
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), rows[0]!)).toBe('p1.l1@acme.com');
    expect(world.api.startCalls).toBe(1);
  });
});

describe("a formula run's job whose list of contacts is lost from the job sheet", () => {
  /** Three queued requests sent as one job, whose list cell is then emptied. */
  function formulaRunWithoutList() {
    const world = createWorld();
    const rows = people(3);
    contactsSheet(world, rows);
    for (const row of rows) answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    world.clock.time += 1000;
    server(world).startRun(server(world).planFormulaRun({}).planId);
    const jobSheet = world.spreadsheet.sheets.find((sheet) => sheet.name() === JOB_SHEET_NAME)!;
    jobSheet.set(2, 2, '');
    return { world, rows };
  }

  it('gets its list back from its results once done: the formulas are answered, nothing bought twice', () => {
    const { world, rows } = formulaRunWithoutList();
    // One poll for the list (forced: every contact it carries), one not ready yet.
    world.api.notReadyPolls = 2;
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    poll(world);
    // Still at work: the run waits (holding its requests back) instead of failing.
    expect(progress(world).runs[0]).toMatchObject({ state: 'running' });
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished' });
    expect(server(world).getFormulaQueue().queues).toEqual([]);
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), rows[0]!)).toBe('p1.l1@acme.com');
    expect(world.api.startCalls).toBe(1);
  });

  it('past 24 hours with results that cannot tell its contacts: holds its requests until it is imported', () => {
    const { world, rows } = formulaRunWithoutList();
    world.api.notReadyPolls = 1000;
    world.api.forcedItems = 1;
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'running' });
    world.clock.time += 25 * HOUR;
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed' });
    // Ended, its job's contacts are still unknown: the requests it may have sent wait.
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    // A request queued after the run started cannot be one of its contacts.
    world.clock.time += 1000;
    answerFormula(contextFor(world), contactFieldSpec('work_email'), ['New', 'Person', 'Acme']);
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 1 });

    world.api.notReadyPolls = 0;
    expect(server(world).importJob({ jobId: 'job-1' })).toMatchObject({ contacts: 3 });
    poll(world);
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), rows[0]!)).toBe('p1.l1@acme.com');
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 1 });
    expect(world.api.startCalls).toBe(1);
  });
});

describe("a sheet run's job whose list of contacts is lost", () => {
  it("holds the formulas' requests for its people until its list is read back (fuzz seed 9002)", () => {
    const { world } = startedRun(3, 1);
    for (const row of people(3)) answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    const jobSheet = world.spreadsheet.sheets.find((sheet) => sheet.name() === JOB_SHEET_NAME)!;
    jobSheet.set(2, 2, '');
    // Which people the sheet run's job carries, no one knows now: "Get them…" sends none.
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    poll(world);
    poll(world);
    // Read back from the job's results and written: the formulas are answered from the ledger.
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), people(3)[0]!)).toBe(
      'p1.l1@acme.com',
    );
    expect(world.api.startCalls).toBe(1);
  });
});
