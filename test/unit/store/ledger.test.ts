/** The results ledger (hidden sheet), as the engine writes it. */
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll } from '../fakes/scenario';

describe('very long strings from the API', () => {
  it('keep every ledger cell within the 50,000 characters a cell holds', () => {
    const world = createWorld();
    // With a profile URL mapped, so that the run has a Title column.
    const sheet = contactsSheet(world, [[...people(1)[0]!, 'https://network.example/in/p1']]);
    planAndStart(world, {
      kind: 'enrich',
      fields: ['work_email'],
      mapping: { firstName: 1, lastName: 2, companyName: 3, networkUrl: 4 },
    });
    world.api.outcomeFor = (job) => {
      const result = world.api.resultOf(job, 'FINISHED');
      for (const item of result.items)
        item.profile = { title: 'T'.repeat(60000), location: '"'.repeat(30000) };
      return { kind: 'result', result };
    };
    poll(world);
    const ledger = world.spreadsheet.sheets.find((candidate) => candidate.name() === LEDGER_SHEET_NAME)!;
    const cells = ledger.readDisplayValues(1, 1, ledger.lastRow(), 2).flat();
    expect(Math.max(...cells.map((cell) => cell.length))).toBeLessThanOrEqual(50000);
    expect(sheet.column('Status')).toEqual(['found']);
    expect(sheet.column('Title')[0]).toMatch(/^T{100}/);
  });
});
