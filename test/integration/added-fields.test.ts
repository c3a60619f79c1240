/** Adding a field asks the API only for that field, for the contacts that lack it, at its price. */
import type { PlanView } from '../../src/ui/rpc';
import { PRICES } from '../../src/api/model';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  people,
  planAndStart,
  rowsOf,
  settle,
} from './support/engine';

const kit = engineKit();

it('a second run that adds personal email pays only for personal emails, and rows keep their work emails', async () => {
  const addon = kit.open(contactRows(people(40)));
  const first = planAndStart(addon, { fields: ['work_email'] });
  await settle(addon, first.start.runId);
  const workEmails = rowsOf(addon).map((row) => row.workEmail);
  const spentBefore = (await kit.emulator().admin.stats()).credits_spent;

  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'personal_email'] });
  expect(plan.contactsToSend).toBe(40);
  expect(plan.maxCredits).toBe(40 * PRICES.personal_email);
  const started = addon.call<{ runId: string }>('startRun', plan.planId);
  const run = await settle(addon, started.runId);
  expect(run.state).toBe('finished');

  const rows = rowsOf(addon);
  const personal = rows.filter((row) => row.personalEmail).length;
  expect(personal).toBeGreaterThan(0);
  const spent = (await kit.emulator().admin.stats()).credits_spent - spentBefore;
  expect(spent).toBe(personal * PRICES.personal_email);
  expect(run.credits).toBe(spent);
  // Work emails were not asked again, and are still on their rows.
  expect(rows.map((row) => row.workEmail)).toEqual(workEmails);
  expect(rows.every(emailMatchesRow)).toBe(true);

  // Everything is known now: nothing to send.
  const again = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email', 'personal_email'] });
  expect(again).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
});
