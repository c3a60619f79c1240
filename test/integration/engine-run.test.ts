/**
 * dist/Code.js end to end against the emulator over HTTP: the runs a user makes on a healthy API.
 * Faults, crashes and scale have their own files.
 */
import {
  contactRows,
  engineKit,
  HEADER,
  jobsEnded,
  ledgerFingerprints,
  people,
  planAndStart,
  rowsOf,
  settle,
  sheetText,
} from './support/engine';
import { foundEmail } from '../../scripts/lib/sheet-outputs';

const kit = engineKit();

describe('a run through the built add-on', () => {
  it('fills every row of a clean run and charges what the API charged', async () => {
    const contacts = people(40);
    const addon = kit.open(contactRows(contacts));
    const { plan, start } = planAndStart(addon);
    expect(plan).toMatchObject({ contactsToSend: 40, jobs: 1, skipped: [], maxCredits: 40 * 11 });
    expect(start).toMatchObject({ jobs: 1, contacts: 40 });
    expect(rowsOf(addon).every((row) => row.status === 'pending')).toBe(true);

    const run = await settle(addon, start.runId);
    const stats = await kit.emulator().admin.stats();
    expect(run).toMatchObject({ state: 'finished', sent: 40, done: 40, credits: stats.credits_spent });
    const rows = rowsOf(addon);
    rows.forEach((row, index) => {
      const contact = contacts[index]!;
      expect(row.status).toEqual(contact.known ? expect.stringMatching(/^(found|not found)$/) : 'not found');
      // In its column, or named by its status when it will bounce (output-cells.test.ts).
      if (contact.workEmail) expect(foundEmail(row, 'work')).toBe(contact.workEmail);
      expect(row.enrichedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    });
    expect(run.found.workEmail).toBe(rows.filter((row) => foundEmail(row, 'work')).length);
    expect(run.found.phone).toBe(rows.filter((row) => row.phone).length);
    expect(addon.triggers()).toEqual([]);
    expect(addon.triggerFailures()).toEqual([]);
  });

  it('sends repeated inputs once and fills every copy', async () => {
    const [a, b] = people(2, 0);
    const rows = contactRows([a!, b!, a!, a!, b!]);
    const addon = kit.open(rows);
    const { plan, start } = planAndStart(addon);
    expect(plan).toMatchObject({ contactsToSend: 2, rowsFromDuplicates: 3 });
    await settle(addon, start.runId);
    const [job] = await kit.emulator().admin.jobs();
    expect(job!.total).toBe(2);
    const out = rowsOf(addon);
    expect(out.map((row) => row.status)).toEqual(Array(5).fill('found'));
    expect(out[2]).toEqual({ ...out[0], input: out[2]!.input });
    expect(out[4]).toEqual({ ...out[1], input: out[4]!.input });
  });

  it('skips rows missing input and says what is missing', async () => {
    const [a] = people(1, 0);
    const addon = kit.open([
      HEADER,
      [a!.firstName, a!.lastName, a!.companyName, a!.domain],
      ['Ada', '', 'Acme', 'acme.test'],
      ['', 'Lovelace', '', ''],
    ]);
    const { plan, start } = planAndStart(addon);
    expect(plan.contactsToSend).toBe(1);
    expect(plan.skipped).toEqual([
      { row: 3, reason: 'missing input: last name' },
      { row: 4, reason: 'missing input: first name, company' },
    ]);
    await settle(addon, start.runId);
    expect(rowsOf(addon).map((row) => row.status)).toEqual([
      'found',
      'missing input: last name',
      'missing input: first name, company',
    ]);
  });

  it('spends no credits running the same rows again: saved answers fill them', async () => {
    const contacts = people(20);
    const first = kit.open(contactRows(contacts));
    const { start } = planAndStart(first);
    await settle(first, start.runId);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    const before = rowsOf(first);

    // A fresh sheet with the same rows, in the same spreadsheet state (ledger, properties).
    const again = kit.open(contactRows(contacts), { state: first.exportState() });
    const fetches = again.counts.urlfetch;
    const { plan, start: second } = planAndStart(again);
    expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 20, maxCredits: 0 });
    expect(second).toMatchObject({ jobs: 0, rowsFromLedger: 20 });
    expect(again.counts.urlfetch).toBe(fetches);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
    const after = rowsOf(again);
    after.forEach((row, index) => {
      expect(row.status).toBe(`${before[index]!.status} (saved)`);
      expect(row.workEmail).toBe(before[index]!.workEmail);
      expect(row.phone).toBe(before[index]!.phone);
    });
  });

  it('keeps an output cell the user edited while the job ran', async () => {
    const contacts = people(3, 0);
    const addon = kit.open(contactRows(contacts));
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon);
    const sheet = addon.spreadsheet.getSheetByName('Contacts')!;
    const header = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0]!;
    sheet.getRange(3, header.indexOf('Work email') + 1).setValue('mine@keep.test');
    for (const job of await kit.emulator().admin.jobs()) await kit.emulator().admin.finishJob(job.id);
    await settle(addon, start.runId);
    const rows = rowsOf(addon);
    expect(rows[1]).toMatchObject({ workEmail: 'mine@keep.test', status: 'found' });
    expect(foundEmail(rows[0]!, 'work')).toBe(contacts[0]!.workEmail || '');
  });

  it('stores each answer once in the ledger', async () => {
    const addon = kit.open(contactRows(people(30)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    await settle(addon, start.runId);
    const fps = ledgerFingerprints(addon);
    expect(new Set(fps).size).toBe(fps.length);
    expect(fps.length).toBe(30);
  });

  it('asks only for the fields chosen, and shows only their columns', async () => {
    const addon = kit.open(contactRows(people(10, 0)));
    const { plan, start } = planAndStart(addon, { fields: ['work_email'] });
    expect(plan.maxCredits).toBe(10);
    const run = await settle(addon, start.runId);
    expect(run.found.phone).toBe(0);
    expect(rowsOf(addon).every((row) => row.phone === undefined)).toBe(true);
    expect(sheetText(addon)[0]).toEqual([
      ...HEADER,
      'Status',
      'Work email',
      'Work email status',
      'Enriched at',
    ]);
  });
});
