/**
 * "Look up again" consents to buy again what it asks, not more (paid-once.ts sendRule; finding
 * 160): rows a job no one can read may have bought (a lost start whose list the job sheet lost)
 * are sent past that hold only by a "look up again" of every field its run asked. One of other
 * fields alone replaced the rows' "pending" or "job record damaged", all that held them, with its
 * own answer, and the next plain run bought the lost job's work emails again.
 */
import type { PlanRequest } from '../../../src/features/runs/run-service';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { WAITING_FOR_RUN } from '../../../src/engine/paid-once';
import { STATUS } from '../../../src/domain/statuses';
import { createWorld } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  server,
  jobKeys,
} from '../fakes/scenario';

const PHONE_AGAIN: PlanRequest = { kind: 'enrich', fields: ['phone'], overwrite: true };
const BOTH_AGAIN: PlanRequest = { kind: 'enrich', fields: ['work_email', 'phone'], overwrite: true };

/** A work-email run of 10 rows killed once its start reached the API, its list then lost. */
function hiddenLostStart() {
  const world = createWorld();
  const sheet = contactsSheet(world, people(10));
  const plan = server(world).planRun(ENRICH_WORK_EMAIL);
  world.documentStore.failOnSetAll = 4;
  expect(() => server(world).startRun(plan.planId)).toThrow(/maximum execution time/);
  world.documentStore.failOnSetAll = 0;
  expect(world.api.startCalls).toBe(1);
  world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
  return { world, sheet };
}

/** The phone asked again, its job collected, and a plain run of the work email: what it sends. */
function phoneThenWorkEmail(world: ReturnType<typeof createWorld>): number {
  planAndStart(world, PHONE_AGAIN);
  poll(world);
  poll(world);
  return server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend;
}

describe('a "look up again" of other fields than a hidden job asked (finding 160)', () => {
  it('while its run is in flight: sends nothing, and the work emails are not bought again', () => {
    const { world, sheet } = hiddenLostStart();
    expect(server(world).planRun(PHONE_AGAIN).contactsToSend).toBe(0);
    expect(phoneThenWorkEmail(world)).toBe(0);
    expect(world.api.startCalls).toBe(1);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
  });

  it('once its run ended: "job record damaged" stays until every field it holds is asked again', () => {
    const { world, sheet } = hiddenLostStart();
    poll(world);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
    expect(server(world).planRun(PHONE_AGAIN).contactsToSend).toBe(0);
    expect(phoneThenWorkEmail(world)).toBe(0);
    expect(world.api.startCalls).toBe(1);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
    // Asking the fields its run asked too is the consent to buy them again.
    expect(server(world).planRun(BOTH_AGAIN).contactsToSend).toBe(10);
  });
});

/**
 * The same one step earlier (fuzz seed 68002): a job's record damaged, its list still read, holds
 * its contacts as "job record damaged"; a "look up again" of the phone alone went past that hold,
 * and once the list was lost too, its answers had written over the rows' "pending", all that held
 * them, and the next run bought the work emails again. It holds, as the words say, until every
 * field of the job's run is asked.
 */
describe('a "look up again" of other fields than a damaged job record asked', () => {
  it("sends nothing until it asks every field of the job's run", () => {
    const world = createWorld();
    contactsSheet(world, people(10));
    world.api.notReadyPolls = 5;
    planAndStart(world, ENRICH_WORK_EMAIL);
    const [jobKey] = jobKeys(world);
    world.documentStore.set(jobKey!, '{not json');
    expect(server(world).planRun(PHONE_AGAIN).contactsToSend).toBe(0);
    expect(server(world).planRun(BOTH_AGAIN).contactsToSend).toBe(10);
  });
});

/**
 * A held row shows what is saved for it (fuzz seed 64067): one reading "not found" (a final Status,
 * which the plan does not rewrite with a hold's words) stayed so beside a saved work email, as every
 * run skipped it as held. It is filled, free, under the hold's words.
 */
describe('a held row whose saved answer it does not show', () => {
  it('is filled from the ledger under the hold, and nothing is sent', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(10));
    planAndStart(world, ENRICH_WORK_EMAIL);
    poll(world);
    const email = sheet.cell(2, 'Work email');
    expect(email).toMatch(/@/);
    // The phone asked again, its job still running: its rows are held.
    world.api.notReadyPolls = 5;
    planAndStart(world, PHONE_AGAIN);
    poll(world);
    // Row 2 then reads "not found", its work email gone from its cells (the ledger keeps it).
    const status = 1 + sheet.cells[0]!.indexOf('Status');
    const emailColumn = 1 + sheet.cells[0]!.indexOf('Work email');
    sheet.set(2, status, STATUS.notFound);
    sheet.set(2, emailColumn, '');
    sheet.set(2, emailColumn + 1, '');
    const starts = world.api.startCalls;
    const view = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(view.contactsToSend).toBe(0);
    expect(view.rowsFromLedger).toBe(1);
    server(world).startRun(view.planId);
    expect(world.api.startCalls).toBe(starts);
    expect(sheet.cell(2, 'Work email')).toBe(email);
    expect(sheet.cell(2, 'Status')).toBe(WAITING_FOR_RUN);
    // The running job's answer then gives the row its phone's words; the work email stays.
    world.api.notReadyPolls = 0;
    poll(world);
    expect(sheet.cell(2, 'Status')).toMatch(/^(found|not found)$/);
    expect(sheet.cell(2, 'Work email')).toBe(email);
  });
});
