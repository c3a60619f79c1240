/**
 * A saved answer frees a held contact only for what it answers: a damaged job's contact whose phone
 * is saved is still held for the work email the job bought (finding 71), and a schedule trusts the
 * work email a row shows when the ledger that saved it is damaged (finding 72). Mutants
 * `damaged-list-freed-by-any-answer` and `shown-field-bought-again` (docs/mutants.md) survived
 * every test before these.
 */
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { runDueSchedule } from '../../../src/features/schedule/scheduled-run';
import { STATUS } from '../../../src/domain/statuses';
import { answerFormula, contactFieldSpec } from '../../../src/features/formulas/custom-functions';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { ApiError } from '../../../src/api/errors';
import { contextFor, createWorld } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  hourlyWorkEmail,
  people,
  planAndStart,
  poll,
  progress,
  server,
  jobKeys,
} from '../fakes/scenario';

const PHONE = { kind: 'enrich', fields: ['phone'] } as const;

/** Three rows with their phones bought, then a work-email run whose job record is broken mid-run. */
function phonesThenDamagedWorkEmailJob() {
  const world = createWorld();
  const rows = people(3);
  const sheet = contactsSheet(world, rows);
  planAndStart(world, { ...PHONE, fields: [...PHONE.fields] });
  poll(world);
  expect(progress(world).runs[0]).toMatchObject({ state: 'finished' });
  world.api.notReadyPolls = 1;
  planAndStart(world, ENRICH_WORK_EMAIL);
  expect(world.api.startCalls).toBe(2);
  const keys = jobKeys(world);
  expect(keys).toHaveLength(1);
  world.documentStore.set(keys[0]!, '{not json');
  poll(world);
  expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
  return { world, rows };
}

describe("a damaged job's contacts whose phone is saved (finding 71)", () => {
  it('are held for the work email it bought: a formula of it buys nothing until the job is imported', () => {
    const { world, rows } = phonesThenDamagedWorkEmailJob();
    for (const row of rows) answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
    // Its phone is saved: a formula of the phone is answered, free, and buys nothing.
    expect(answerFormula(contextFor(world), contactFieldSpec('phone'), rows[0]!)).toBe('+33612345678');
    world.api.notReadyPolls = 0;
    expect(server(world).importJob({ jobId: 'job-2' })).toMatchObject({ contacts: 3 });
    poll(world);
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), rows[0]!)).toBe('p1.l1@acme.com');
    expect(world.api.startCalls).toBe(2);
  });
});

describe('a row showing a work email whose saved answer the deleted ledger took (finding 72)', () => {
  it('is not bought again by a schedule, though its personal email was saved since', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world);
    poll(world);
    world.spreadsheet.deleteSheetNamed(LEDGER_SHEET_NAME);
    // The personal email looked up since is saved alone: its answer lacks the work email shown.
    planAndStart(world, { kind: 'enrich', fields: ['personal_email'], overwrite: true });
    poll(world);
    expect(world.api.startCalls).toBe(2);
    expect(sheet.column('Work email')).toEqual(['p1.l1@acme.com', 'p2.l2@acme.com', 'p3.l3@acme.com']);
    const settings = hourlyWorkEmail(100);
    server(world).saveSchedule(settings);
    sheet.cells.push(['New', 'Person', 'Acme']);
    world.clock.advance(2 * 60 * 60 * 1000);
    runDueSchedule(contextFor(world));
    // The damage was never read by anyone: the schedule pauses first; saved again, it runs.
    expect(server(world).getSchedule()?.pausedReason).toMatch(/^the saved results are damaged/);
    expect(world.api.startCalls).toBe(2);
    server(world).saveSchedule(settings);
    world.clock.advance(2 * 60 * 60 * 1000);
    runDueSchedule(contextFor(world));
    const sent = [...world.api.jobs.values()].slice(2).flatMap((job) => job.items);
    expect(sent.map((item) => 'firstName' in item && item.firstName)).toEqual(['New']);
    expect(server(world).getSchedule()?.lastOutcome).toMatch(/rows that show results are not sent again/);
  });
});

describe('a lost start\'s rows still reading "pending" (finding 85)', () => {
  it('get the words that hold them by themselves: its list then lost, no formula buys them again', () => {
    const world = createWorld();
    const rows = people(3);
    const sheet = contactsSheet(world, rows);
    world.api.startJobs = (starts) =>
      starts.map(() => new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true));
    planAndStart(world);
    poll(world);
    expect(progress(world).runs[0]!.state).toBe('failed');
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    // As an execution killed before it wrote the rows' words leaves them (the fuzzer's case).
    const status = sheet.cells[0]!.indexOf('Status');
    for (const row of sheet.cells.slice(1)) row[status] = STATUS.pending;
    // A preview that sends nothing gives the held rows the words of their hold.
    expect(planAndStart(world).plan.contactsToSend).toBe(0);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    for (const row of rows) answerFormula(contextFor(world), contactFieldSpec('work_email'), row);
    expect(server(world).planFormulaRun({})).toMatchObject({ contactsToSend: 0 });
  });
});
