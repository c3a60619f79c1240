/** What a finished run says: contacts found with any answer, and the credits the API charged beside the estimate. */
import type { ProgressView } from '../../src/app/sidebar-contract';
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import { contactRows, engineKit, people, planAndStart, rowsOf, settle } from './support/engine';

const kit = engineKit();

it('counts a contact found once, whatever it was found with, and shows charged beside estimated credits', async () => {
  const addon = kit.open(contactRows(people(80)));
  const { plan, start } = planAndStart(addon, { fields: ['work_email', 'phone'] });
  const run = await settle(addon, start.runId);
  const rows = rowsOf(addon);
  // A work email that will bounce was found (and charged) too: its status cell names it.
  const withEmail = rows.filter((row) => foundEmail(row, 'work')).length;
  const withPhone = rows.filter((row) => row.phone).length;
  const withAny = rows.filter((row) => foundEmail(row, 'work') || row.phone).length;
  // The emulator finds some people's phone without their email and the other way round.
  expect(withAny).toBeGreaterThan(Math.max(withEmail, withPhone));
  expect(run.contactsFound).toBe(withAny);
  expect(run.found).toMatchObject({ workEmail: withEmail, phone: withPhone });
  const stats = await kit.emulator().admin.stats();
  expect(run.credits).toBe(stats.credits_spent);
  expect(run.estimatedCredits).toBe(plan.maxCredits);
  expect(addon.ui.toasts.map((toast) => toast.message)).toContain(
    `Contacts: ${withAny} of 80 contacts found, ${stats.credits_spent} credits charged.`,
  );
  expect(addon.call<ProgressView>('getProgress').runs[0]!.unprocessed).toBe(0);
});
