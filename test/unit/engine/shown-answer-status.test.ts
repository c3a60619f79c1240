/**
 * A row's Status speaks for what the row shows. Rows that show answers the ledger does not hold (an
 * enriched export run again: the CLI on its own output, a copy of the sheet) are trusted for those
 * fields, and a run adding another field asks only that one. Found nowhere, that field made the
 * row read "not found" beside the work email it shows: whoever filtered the found rows lost it.
 */
import { createWorld } from '../fakes/context';
import { CONTACT_HEADERS, planAndStart, poll } from '../fakes/scenario';

const EXPORTED = ['Status', 'Work email', 'Work email status', 'Enriched at'];

describe('a row showing answers the ledger lacks, asked for another field', () => {
  it('reads "found" when it shows an answer the run asked for, "not found" only when it shows none', () => {
    const world = createWorld();
    const sheet = world.spreadsheet.addSheet('Contacts', [
      [...CONTACT_HEADERS, ...EXPORTED],
      ['Ann', 'Nobody', 'Acme', 'found', 'ann@acme.com', 'Deliverable', '2026-11-30 09:00'],
      ['Bob', 'Nobody', 'Acme', 'not found', '', '', '2026-11-30 09:00'],
    ]);
    const { plan } = planAndStart(world, { kind: 'enrich', fields: ['work_email', 'personal_email'] });
    // Both final Statuses are trusted for the work email: each is asked for the personal email alone.
    expect(plan).toMatchObject({ contactsToSend: 2 });
    expect([...world.api.jobs.values()].map((job) => job.fields)).toEqual([['personal_email']]);
    poll(world);
    expect(sheet.column('Work email')).toEqual(['ann@acme.com', '']);
    expect(sheet.column('Status')).toEqual(['found', 'not found']);
  });
});
