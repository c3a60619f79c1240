/**
 * Fields asked against fields saved: a run asks the API only for what the ledger lacks, per contact,
 * and "look up again" (overwrite) asks for everything, and says how much of that is a repeat.
 */
import type { PlanRequest } from '../../../src/ui/rpc';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll } from '../fakes/scenario';

const WORK_AND_PERSONAL: PlanRequest = { kind: 'enrich', fields: ['work_email', 'personal_email'] };

/** The field list each job the fake API received asked for, in start order. */
const jobFields = (world: ReturnType<typeof createWorld>) =>
  [...world.api.jobs.values()].map((job) => [...job.fields]);

describe('adding a field to enriched rows', () => {
  it('writes the answer into a row whose earlier answer was for other fields only', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world, { kind: 'enrich', fields: ['phone'] });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);

    // Nothing asked now is saved: the job asks the run's whole field list, yet the rows (whose
    // Status is already final) must get the new values next to their phones.
    const { plan } = planAndStart(world, WORK_AND_PERSONAL);
    expect(plan).toMatchObject({ contactsToSend: 2, jobs: 1 });
    expect(jobFields(world)[1]).toEqual(['work_email', 'personal_email']);
    poll(world);
    expect(sheet.column('Work email')).toEqual(['p1.l1@acme.com', 'p2.l2@acme.com']);
    expect(sheet.column('Personal email')).toEqual(['p1.l1@gmail.com', 'p2.l2@gmail.com']);
    expect(sheet.column('Phone')).toEqual(['+33612345678', '+33612345678']);
  });
});
