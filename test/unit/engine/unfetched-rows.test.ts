/**
 * Rows reading "may have been charged" (a job at the provider whose results could not be fetched:
 * paid-once.ts MAYBE_BOUGHT_STATUSES) are held by their Status alone once no job record answers for
 * them: its list lost from the job sheet, the job is hidden, and only those words say the rows may
 * be paid. A plain run does not send them; "look up again" does, with its price.
 */
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { STATUS } from '../../../src/domain/statuses';
import { createWorld } from '../fakes/context';
import { apiError } from '../fakes/fake-api';
import { contactsSheet, ENRICH_WORK_EMAIL, people, planAndStart, poll, server } from '../fakes/scenario';

const HOUR = 60 * 60 * 1000;
const refused = () => ({ kind: 'error' as const, error: apiError(403, 'http.403', false) });

describe('rows whose job may have charged them, its results never fetched', () => {
  it('are not sent again by a plain run once the job sheet is deleted: no one is bought twice', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world);
    // Its results refused three polls in a row, forced too: held for the user's decision.
    world.api.outcomeFor = refused;
    world.api.forcedOutcomeFor = refused;
    for (let attempt = 0; attempt < 3; attempt++) {
      poll(world);
      world.clock.time += HOUR;
    }
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.unfetched));
    // The job's list of contacts is lost: only the rows' Status still says they may be paid.
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    const starts = world.api.startCalls;
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    server(world).startRun(plan.planId);
    expect(world.api.startCalls).toBe(starts);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.unfetched));
    // "Look up again" is the user's consent to buy them again, with its price.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true }).contactsToSend).toBe(3);
  });
});
