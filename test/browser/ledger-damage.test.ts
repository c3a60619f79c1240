/**
 * A damaged ledger said where the user decides to spend (issue 28, "no word of damage"), in a real
 * browser: an editor left rows the add-on cannot read in the hidden sheet of saved results (a newer
 * version's). The Enrich panel names the damage next to its cost, and the formula queue's
 * "Get them…" confirmation names it above Start; both as a warning a screen reader reads, and as
 * part of the description of the Start that spends; a schedule, which has nobody to tell before it
 * spends, pauses and says why in Settings. Screenshots go to test/artifacts/.
 */
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import {
  expectText,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1000 },
  ready: 'grid',
});

const DAMAGE = 'Note: the saved results are damaged (1 of its rows could not be read)';

/** The hidden ledger, rewritten as a newer version would leave it: a row this version cannot read. */
async function damageLedger(): Promise<void> {
  await playground.api.loadSheet(LEDGER_SHEET_NAME, {
    values: [
      ['fingerprint', 'result'],
      ['e:ada|lovelace|analytical.example', '{"v":99,"answer":"from a newer version"}'],
    ],
  });
}

/** The note is a warning with role=status, and the Start that spends is described by it. */
async function expectDamageBefore(start: ReturnType<typeof visibleButton>): Promise<void> {
  const sidebar = sidebarOf(page);
  const note = sidebar.locator('.ledger-damage.warning[role=status]');
  await expectText(note, DAMAGE);
  const id = await note.getAttribute('id');
  expect(id).toBeTruthy();
  expect((await start.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
}

test('the Enrich panel names a damaged ledger next to the cost, and Start reads it', async () => {
  await damageLedger();
  await playground.api.select('A2:D6', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const panel = sidebarOf(page).locator('[role=tabpanel]:not([hidden])');
  await expectText(panel.locator('.selection'), 'Contacts · rows 2–6');
  // Next to the cost preview, before anything is confirmed.
  await expectText(panel.locator('.cost .ledger-damage'), DAMAGE);
  await expectText(panel.locator('.cost'), 'At most');
  await visibleButton(sidebarOf(page), 'Start…').click();
  await expectDamageBefore(panel.locator('.confirm').getByRole('button', { name: 'Start', exact: true }));
  await sidebarShot(page, 'ledger-damage-enrich');
});

test('"Get them…" names a damaged ledger in its confirmation, and Start reads it', async () => {
  await damageLedger();
  await playground.api.select('A1', 'Formulas');
  await openSidebarFrom(page, 'Get formula results');
  const queue = sidebarOf(page).locator('.formula-queue');
  await expectText(queue, 'formula requests');
  await queue.getByRole('button', { name: 'Get them…' }).first().click();
  const confirm = queue.locator('.confirm');
  await expectText(confirm, 'Spend up to');
  await expectText(confirm.locator('.ledger-damage'), DAMAGE);
  await expectText(confirm, 'may be answers that were lost, and would be bought again');
  await expectDamageBefore(confirm.getByRole('button', { name: 'Start', exact: true }));
  await sidebarShot(page, 'ledger-damage-formulas');
});

test('a schedule pauses on a damaged ledger, says why in Settings, and Resume lets it run', async () => {
  await damageLedger();
  await openSidebarFrom(page, 'Settings');
  const box = sidebarOf(page).locator('section.schedule');
  await expectText(box, 'No schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('At most per day (credits)').fill('300');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  // The playground fires the trigger every 2 s: its tick would buy rows nothing saved answers, any
  // of which may be an answer the damage lost. Nobody read the damage: it pauses, and says why.
  await expectText(
    box,
    'Paused: the saved results are damaged (1 of its rows could not be read): a row with no saved result may be one whose result was lost, and resuming buys it again. Check the rows first. Save it again to resume.',
    30_000,
  );
  expect(await playground.api.apiJobs()).toEqual([]);
  await expectText(box, 'Last run');
  expect(await box.textContent()).toContain('it paused, for the reason above.');
  await sidebarShot(page, 'ledger-damage-schedule-paused');
  // Resumed, the reason read: the next tick sends, and the log tab counts it.
  await box.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('tab', { name: 'Sheet Enrich log' }).waitFor({ timeout: 30_000 });
  const log = await playground.api.sheet('Sheet Enrich log');
  expect(log.displayValues[1]![log.displayValues[0]!.indexOf('Source')]).toBe('schedule');
});
