/**
 * Fields asked against fields saved: a run asks the API only for what the ledger lacks, per contact,
 * and "look up again" (overwrite) asks for everything, and says how much of that is a repeat.
 */
import { PRICES } from '../../../src/domain/fields';
import { jobsOf, type PlannedContact } from '../../../src/engine/plan-cost';
import type { PlanRequest } from '../../../src/features/runs/run-service';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';

const WORK_AND_PERSONAL: PlanRequest = { kind: 'enrich', fields: ['work_email', 'personal_email'] };

/** The field list each job the fake API received asked for, in start order. */
const jobFields = (world: ReturnType<typeof createWorld>) =>
  [...world.api.jobs.values()].map((job) => [...job.fields]);

const runOf = (world: ReturnType<typeof createWorld>, runId: string) =>
  progress(world).runs.find((run) => run.runId === runId);

describe('adding a field to enriched rows', () => {
  it('sends contacts that lack different fields in different jobs, each asking only what it lacks', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    world.spreadsheet.selection = [{ start: 2, end: 3 }];
    planAndStart(world, { kind: 'enrich', fields: ['work_email'] });
    poll(world);

    world.spreadsheet.selection = [];
    const plan = server(world).planRun(WORK_AND_PERSONAL);
    // Rows 2–3 lack only the personal email; row 4 lacks both.
    expect(plan).toMatchObject({
      contactsToSend: 3,
      jobs: 2,
      maxCredits: 2 * PRICES.personal_email + (PRICES.work_email + PRICES.personal_email),
      reasked: { contacts: 0, maxCredits: 0 },
    });
    const { runId } = server(world).startRun(plan.planId);
    expect(jobFields(world).slice(1)).toEqual([['personal_email'], ['work_email', 'personal_email']]);
    poll(world);

    expect(sheet.column('Work email')).toEqual(['p1.l1@acme.com', 'p2.l2@acme.com', 'p3.l3@acme.com']);
    expect(sheet.column('Personal email')).toEqual(['p1.l1@gmail.com', 'p2.l2@gmail.com', 'p3.l3@gmail.com']);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    // Found counts count what this run asked: three personal emails, one work email.
    expect(runOf(world, runId)).toMatchObject({ found: { workEmail: 1, personalEmail: 3 } });
  });

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

  it('sends nothing when every asked field is saved, and fills rows without an answer from the ledger', () => {
    const world = createWorld();
    contactsSheet(world, people(2), 'First');
    planAndStart(world, WORK_AND_PERSONAL);
    poll(world);
    const starts = world.api.startCalls;

    const second = contactsSheet(world, people(2), 'Second');
    const { plan, start } = planAndStart(world, { kind: 'enrich', fields: ['personal_email'] });
    expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 2, maxCredits: 0 });
    expect(start.rowsFromLedger).toBe(2);
    expect(world.api.startCalls).toBe(starts);
    expect(second.column('Personal email')).toEqual(['p1.l1@gmail.com', 'p2.l2@gmail.com']);
    expect(second.column('Status')).toEqual(['found (saved)', 'found (saved)']);
  });
});

describe('looking rows up again (overwrite)', () => {
  it('asks the API for every asked field, prices all of them, and says how much is a repeat', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world, { kind: 'enrich', fields: ['work_email'] });
    poll(world);

    const plan = server(world).planRun({ ...WORK_AND_PERSONAL, overwrite: true });
    expect(plan).toMatchObject({
      contactsToSend: 3,
      rowsFromLedger: 0,
      maxCredits: 3 * (PRICES.work_email + PRICES.personal_email),
      reasked: { contacts: 3, maxCredits: 3 * PRICES.work_email },
    });
    const { runId } = server(world).startRun(plan.planId);
    expect(jobFields(world)[1]).toEqual(['work_email', 'personal_email']);
    expect(sheet.column('Status')).toEqual(['pending', 'pending', 'pending']);
    poll(world);
    expect(sheet.column('Work email')).toEqual(['p1.l1@acme.com', 'p2.l2@acme.com', 'p3.l3@acme.com']);
    expect(sheet.column('Personal email')).toEqual(['p1.l1@gmail.com', 'p2.l2@gmail.com', 'p3.l3@gmail.com']);
    expect(runOf(world, runId)).toMatchObject({
      credits: 3 * (PRICES.work_email + PRICES.personal_email),
    });
  });

  it('asks again for rows whose saved answer covers everything asked', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    planAndStart(world, { kind: 'enrich', fields: ['work_email'] });
    poll(world);

    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'], overwrite: true });
    expect(plan).toMatchObject({
      contactsToSend: 2,
      rowsFromLedger: 0,
      maxCredits: 2 * PRICES.work_email,
      reasked: { contacts: 2, maxCredits: 2 * PRICES.work_email },
    });
  });
});

describe('cutting a plan into jobs', () => {
  const contact = (i: number, fields: PlannedContact['fields']): PlannedContact => ({
    fp: `e${i}`,
    input: {
      firstName: `P${i}`,
      lastName: 'L',
      companyName: 'Acme',
      companyDomain: '',
      networkUrl: '',
      email: '',
    },
    rows: [i + 2],
    fields,
  });

  it('gives each job one field list and at most 100 contacts', () => {
    const contacts = Array.from({ length: 250 }, (_, i) =>
      contact(i, i % 2 ? ['personal_email'] : ['work_email', 'personal_email']),
    );
    const jobs = jobsOf(contacts, 'enrich');
    expect(jobs.map((job) => [job.length, job[0]!.fields.join('+')])).toEqual([
      [100, 'work_email+personal_email'],
      [25, 'work_email+personal_email'],
      [100, 'personal_email'],
      [25, 'personal_email'],
    ]);
    expect(jobs.every((job) => job.every((c) => c.fields.join() === job[0]!.fields.join()))).toBe(true);
  });

  it('groups 100,000 contacts in linear time (copying the group per contact took 78 s)', () => {
    const contacts = Array.from({ length: 100_000 }, (_, i) => contact(i, ['work_email']));
    const started = Date.now();
    expect(jobsOf(contacts, 'enrich')).toHaveLength(1000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
