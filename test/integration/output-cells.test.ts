/**
 * The cells a user reads next to their data, through dist/Code.js against the emulator: the columns
 * the run asked for and no others, email statuses in words on the right rows (an address that will
 * bounce kept out of the email column), "Company (found)" beside the user's own Company, and
 * "Enriched at" on the spreadsheet's clock.
 */
import { generateWorld } from '../../dev/emulator/world';
import { minuteIn } from '../../src/store/local-time';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import {
  contactRows,
  engineKit,
  HEADER,
  people,
  planAndStart,
  rowsOf,
  SEED,
  settle,
  sheetText,
  SHEET,
} from './support/engine';

const kit = engineKit();

const WORDS: Record<string, string> = {
  DELIVERABLE: 'Deliverable',
  HIGH_PROBABILITY: 'Probably valid',
  CATCH_ALL: 'Catch-all',
  INVALID: 'Invalid',
  INVALID_DOMAIN: 'Invalid domain',
};

it('writes each row its email status in words, and keeps an address that will bounce out of the email column', async () => {
  const contacts = people(120, 0);
  const addon = kit.open(contactRows(contacts));
  const { start } = planAndStart(addon, { fields: ['work_email'] });
  await settle(addon, start.runId);
  const world = generateWorld(SEED);
  const rows = rowsOf(addon);
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const contact = contacts[index]!;
    if (!contact.workEmail) return expect(row).toMatchObject({ workEmail: '', workEmailStatus: '' });
    const status = world.findByEmail(contact.workEmail)!.workEmails[0]!.status!;
    seen.add(status);
    if (status.startsWith('INVALID')) {
      expect(row).toMatchObject({ workEmail: '', workEmailStatus: `${WORDS[status]}: ${contact.workEmail}` });
    } else {
      expect(row).toMatchObject({ workEmail: contact.workEmail, workEmailStatus: WORDS[status] });
    }
    expect(foundEmail(row, 'work')).toBe(contact.workEmail);
  });
  // The sample meets every status but the rarest: the test sees both sides of the rule.
  expect([...seen].sort()).toEqual(
    expect.arrayContaining(['CATCH_ALL', 'DELIVERABLE', 'HIGH_PROBABILITY', 'INVALID']),
  );
});

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

it('shows "Enriched at" in the spreadsheet\'s time zone', async () => {
  const addon = kit.open(contactRows(people(5, 0)));
  addon.spreadsheet.setSpreadsheetTimeZone('Asia/Tokyo');
  const before = addon.now();
  const { start } = planAndStart(addon);
  await settle(addon, start.runId);
  const after = addon.now();
  const minutes = new Set<string>();
  for (let t = before; t <= after + 60_000; t += 60_000)
    minutes.add(minuteIn('Asia/Tokyo', Math.min(t, after)));
  const shown = rowsOf(addon).map((row) => row.enrichedAt!);
  expect(shown.every((text) => minutes.has(text))).toBe(true);
  // Tokyo is 9 hours ahead of UTC all year: the cell is not the UTC time.
  expect(shown.some((text) => text === minuteIn('Etc/UTC', before))).toBe(false);
  expect(sheetText(addon, SHEET)[0]).toContain('Enriched at');
});
