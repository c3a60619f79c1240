/**
 * The cells a user reads next to their data, through dist/Code.js against the emulator: the columns
 * the run asked for and no others, "Company (found)" beside the user's own Company.
 */
import {
  contactRows,
  engineKit,
  HEADER,
  people,
  planAndStart,
  rowsOf,
  settle,
  sheetText,
} from './support/engine';

const kit = engineKit();

it('adds no personal email or profile column the run did not ask for', async () => {
  const addon = kit.open(contactRows(people(10, 0)));
  const { start } = planAndStart(addon, { fields: ['phone'] });
  await settle(addon, start.runId);
  expect(sheetText(addon)[0]).toEqual([...HEADER, 'Status', 'Phone', 'Phone region', 'Enriched at']);
});

it('names the profile\'s company "Company (found)" beside the user\'s own Company, which stays as it was', async () => {
  const contacts = people(12, 0);
  const addon = kit.open([
    [...HEADER, 'Profile URL'],
    ...contactRows(contacts)
      .slice(1)
      .map((row, index) => [...row, contacts[index]!.networkUrl]),
  ]);
  const { plan, start } = planAndStart(addon, { fields: ['work_email'] });
  expect(plan.mapping.networkUrl).toBe(5);
  await settle(addon, start.runId);
  const [header, ...cells] = sheetText(addon);
  expect(header!.filter((text) => /^Company\b/.test(text))).toEqual([
    'Company',
    'Company (found)',
    'Company domain',
  ]);
  expect(header).toContain('Full name');
  const yours = header!.indexOf('Company');
  const found = header!.indexOf('Company (found)');
  cells.forEach((row, index) => expect(row[yours]).toBe(contacts[index]!.companyName));
  const rows = rowsOf(addon);
  expect(rows.filter((row) => row.company).length).toBeGreaterThan(8);
  rows.forEach((row, index) => {
    expect(row.company).toBe(cells[index]![found]);
    if (row.company) expect(row.company).toBe(contacts[index]!.companyName);
  });
});
