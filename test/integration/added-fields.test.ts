/** Adding a field asks the API only for that field, for the contacts that lack it, at its price. */
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import type { PlanRequest } from '../../src/features/runs/run-service';
import type { Addon } from '../../dev/gas/harness';
import { PRICES } from '../../src/domain/fields';
import { loadRowsAsSheet, selectDataRows } from '../../scripts/lib/enrich-run';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  people,
  planAndStart,
  rowsOf,
  settle,
  sheetText,
  HEADER,
} from './support/engine';

const kit = engineKit();
const CONTACTS = 40;
const WORK_AND_PERSONAL: PlanRequest = { kind: 'enrich', fields: ['work_email', 'personal_email'] };

const creditsSpent = async () => (await kit.emulator().admin.stats()).credits_spent;

/** A sheet of CONTACTS people whose work emails were looked up (and paid for) by a first run. */
async function enrichedForWorkEmails(): Promise<Addon> {
  const addon = kit.open(contactRows(people(CONTACTS)));
  const first = planAndStart(addon, { fields: ['work_email'] });
  await settle(addon, first.start.runId);
  return addon;
}

it('a second run that adds personal email pays only for personal emails, and rows keep their work emails', async () => {
  const addon = await enrichedForWorkEmails();
  const workEmails = rowsOf(addon).map((row) => row.workEmail);
  const spentBefore = await creditsSpent();
  const blockOfWorkEmails = ['Status', 'Work email', 'Work email status', 'Enriched at'];
  expect(sheetText(addon)[0]).toEqual([...HEADER, ...blockOfWorkEmails]);

  const plan = addon.call<PlanView>('planRun', WORK_AND_PERSONAL);
  expect(plan).toMatchObject({
    contactsToSend: CONTACTS,
    maxCredits: CONTACTS * PRICES.personal_email,
    reasked: { contacts: 0, maxCredits: 0 },
  });
  const started = addon.call<{ runId: string }>('startRun', plan.planId);
  const run = await settle(addon, started.runId);
  expect(run.state).toBe('finished');

  // The personal email columns are added after the block, found again by their headers.
  expect(sheetText(addon)[0]).toEqual([
    ...HEADER,
    ...blockOfWorkEmails,
    'Personal email',
    'Personal email status',
  ]);
  const rows = rowsOf(addon);
  const personal = rows.filter((row) => foundEmail(row, 'personal')).length;
  expect(personal).toBeGreaterThan(0);
  const spent = (await creditsSpent()) - spentBefore;
  expect(spent).toBe(personal * PRICES.personal_email);
  expect(run.credits).toBe(spent);
  // Work emails were not asked again, and are still on their rows beside the new personal emails.
  expect(rows.map((row) => row.workEmail)).toEqual(workEmails);
  expect(rows.every(emailMatchesRow)).toBe(true);
  expect(rows.filter((row) => row.workEmail && row.personalEmail).length).toBeGreaterThan(0);

  // Everything is known now: nothing to send, and rows without an answer are filled for free.
  const again = addon.call<PlanView>('planRun', WORK_AND_PERSONAL);
  expect(again).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
  loadRowsAsSheet(addon, 'Copy', contactRows(people(CONTACTS)));
  selectDataRows(addon, 'Copy', CONTACTS + 1, 4);
  const copy = addon.call<PlanView>('planRun', WORK_AND_PERSONAL);
  expect(copy).toMatchObject({ contactsToSend: 0, rowsFromLedger: CONTACTS, maxCredits: 0 });
  expect(addon.call<StartView>('startRun', copy.planId)).toMatchObject({ rowsFromLedger: CONTACTS });
  const copied = rowsOf(addon, 'enrich', 'Copy');
  expect(copied.map((row) => [row.workEmail, row.personalEmail])).toEqual(
    rows.map((row) => [row.workEmail, row.personalEmail]),
  );
  expect(await creditsSpent()).toBe(spentBefore + spent);
});

it('"look up again" asks the API for every field, previews the repeat, and is charged for all it finds', async () => {
  const addon = await enrichedForWorkEmails();
  const workEmails = rowsOf(addon).map((row) => row.workEmail);
  const workFound = rowsOf(addon).filter((row) => foundEmail(row, 'work')).length;
  const spentBefore = await creditsSpent();

  const plan = addon.call<PlanView>('planRun', { ...WORK_AND_PERSONAL, overwrite: true });
  expect(plan).toMatchObject({
    contactsToSend: CONTACTS,
    rowsFromLedger: 0,
    maxCredits: CONTACTS * (PRICES.work_email + PRICES.personal_email),
    reasked: { contacts: CONTACTS, maxCredits: CONTACTS * PRICES.work_email },
  });
  const started = addon.call<{ runId: string }>('startRun', plan.planId);
  const run = await settle(addon, started.runId);

  const rows = rowsOf(addon);
  const personal = rows.filter((row) => foundEmail(row, 'personal')).length;
  const spent = (await creditsSpent()) - spentBefore;
  // The work emails were bought again (the user asked for it), the personal emails for the first time.
  expect(spent).toBe(workFound * PRICES.work_email + personal * PRICES.personal_email);
  expect(run.credits).toBe(spent);
  expect(rows.map((row) => row.workEmail)).toEqual(workEmails);
});

it('asking other fields than a first run did writes every paid answer into rows that already say "found"', async () => {
  const addon = kit.open(contactRows(people(CONTACTS)));
  const first = planAndStart(addon, { fields: ['phone'] });
  await settle(addon, first.start.runId);
  const phones = rowsOf(addon).map((row) => row.phone);
  const spentBefore = await creditsSpent();

  const { plan, start } = planAndStart(addon, WORK_AND_PERSONAL);
  expect(plan).toMatchObject({ contactsToSend: CONTACTS, reasked: { contacts: 0 } });
  const run = await settle(addon, start.runId);

  const rows = rowsOf(addon);
  const work = rows.filter((row) => foundEmail(row, 'work')).length;
  const personal = rows.filter((row) => foundEmail(row, 'personal')).length;
  expect(work).toBeGreaterThan(0);
  // Every credit charged has its answer on a row, next to the phone the first run found.
  expect((await creditsSpent()) - spentBefore).toBe(
    work * PRICES.work_email + personal * PRICES.personal_email,
  );
  expect(run.found).toMatchObject({ workEmail: work, personalEmail: personal });
  expect(rows.map((row) => row.phone)).toEqual(phones);
  expect(rows.every(emailMatchesRow)).toBe(true);
});
