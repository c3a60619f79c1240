/**
 * A contact export's web page is read by its evidence (src/sheet/row-reading.ts), which changes the
 * fingerprint of rows whose work email points elsewhere than their web page. Rows answered under the
 * previous reading must still find their saved answers: through dist/Code.js against the emulator,
 * contacts enriched once cost nothing when the same people come back as a contact export.
 */
import { loadRowsAsSheet, selectDataRows } from '../../scripts/lib/enrich-run';
import type { PlanView, StartView } from '../../src/app/sidebar-contract';
import { contactRows, engineKit, people, settle, sheetText } from './support/engine';

const kit = engineKit();
const spent = async () => (await kit.emulator().admin.stats()).credits_spent;

it('finds the answers of rows enriched under the previous reading: no credit is spent twice', async () => {
  const contacts = people(12, 0);
  const addon = kit.open(contactRows(contacts));
  const first = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
  expect(first.contactsToSend).toBe(12);
  const run = addon.call<StartView>('startRun', first.planId);
  expect((await settle(addon, run.runId)).state).toBe('finished');
  const paid = await spent();
  expect(paid).toBeGreaterThan(0);

  // The same people as a contact export: a "Web Page" column, and an email at another domain of
  // the company, which the reading now prefers (so every row's fingerprint changes).
  const exported = [
    ['First Name', 'Last Name', 'Company', 'Web Page', 'E-mail Address'],
    ...contacts.map((c) => [
      c.firstName,
      c.lastName,
      c.companyName,
      c.domain,
      `${c.firstName}@mail.${c.domain}`,
    ]),
  ];
  loadRowsAsSheet(addon, 'Export', exported);
  selectDataRows(addon, 'Export', exported.length, exported[0]!.length);
  const again = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
  expect(again).toMatchObject({ sheetName: 'Export', contactsToSend: 0, maxCredits: 0, rowsFromLedger: 12 });
  addon.call<StartView>('startRun', again.planId);
  expect(await spent()).toBe(paid);
  const [header, ...rows] = sheetText(addon, 'Export');
  const email = header!.indexOf('Work email');
  const before = sheetText(addon)
    .slice(1)
    .map((row) => row[sheetText(addon)[0]!.indexOf('Work email')]);
  expect(rows.map((row) => row[email])).toEqual(before);
  expect(before.filter(Boolean).length).toBeGreaterThan(6);
});
