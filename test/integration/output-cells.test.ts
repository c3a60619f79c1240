/**
 * The cells a user reads next to their data, through dist/Code.js against the emulator: the columns
 * the run asked for and no others, email statuses in words on the right rows (an address that will
 * bounce kept out of the email column), no profile column repeating the user's own Company, and
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

it("adds the profile columns the user's columns do not hold, and none repeating theirs", async () => {
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
  // Company, Website and Profile URL are the user's: the profile's company, domain and URL would repeat them.
  expect(header!.slice(5)).toEqual([
    'Status',
    'Work email',
    'Work email status',
    'Full name',
    'Title',
    'Location',
    'Enriched at',
  ]);
  const yours = header!.indexOf('Company');
  cells.forEach((row, index) => expect(row[yours]).toBe(contacts[index]!.companyName));
  expect(rowsOf(addon).filter((row) => row.title).length).toBeGreaterThan(8);
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
