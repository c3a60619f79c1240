/**
 * Formulas in a real browser: a user types =ENRICH_EMAIL over five rows, sees them queued, gets
 * them from the Jobs panel (the same confirm as a sidebar run), and sees each row's own work email
 * appear in the formula cells without touching them again.
 */
import { BUSY_PEEK_MS } from '../../sidebar/watcher';
import {
  columnValues,
  expectText,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1000 },
  ready: 'grid',
});

const cell = (row: number, column: number) => page.locator(`td[data-row="${row}"][data-column="${column}"]`);

test('a typed =ENRICH_EMAIL is queued, got from the Jobs panel, and shows each row its email', async () => {
  await cell(2, 6).click();
  await page.keyboard.type('=ENRICH_EMAIL(A2:A6,B2:B6,D2:D6)');
  await page.keyboard.press('Enter');
  for (let row = 2; row <= 6; row++) await expectText(cell(row, 6), '⏳ queued');

  await openSidebarFrom(page, 'Get formula results');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const queue = sidebar.locator('.formula-queue');
  // The five typed here, and the demo's Formulas tab (the same five people: email and phone).
  await expectText(queue, '10 formula requests');
  await expectText(queue, 'at most 55 credits');
  await expectText(queue, 'Off: formulas never spend credits on their own.');
  // Whose credits the waiting requests would cost is said before anyone clicks (a shared document).
  await expectText(queue.locator('.formula-payer'), 'Get them… pays with your key');
  await sidebarShot(page, 'sidebar-formula-queue');
  await queue.getByRole('button', { name: 'Get them…' }).click();
  await expectText(queue.locator('.confirm'), 'Spend up to 55 credits');
  await queue.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();

  await sidebar.locator('.run .badge', { hasText: 'Finished' }).waitFor({ timeout: 20_000 });
  await cell(2, 6).filter({ hasText: '@' }).waitFor({ timeout: 20_000 });
  const sheet = await playground.api.sheet('Contacts');
  const rows = sheet.displayValues.slice(1, 6);
  const emails = rows.map((row) => row[5]!);
  // Each row shows its own person's email (at the row's company domain), or says it was not found.
  rows.forEach((row) => {
    if (row[5] !== '— not found') expect(row[5]).toMatch(new RegExp(`@${row[3]!.replace(/\./g, '\\.')}$`));
  });
  expect(emails.filter((email) => email.includes('@')).length).toBeGreaterThanOrEqual(3);
  await expectText(cell(2, 6), emails[0]!);
  // The demo's Formulas tab got its answers from the same run.
  await page.getByRole('tab', { name: 'Formulas' }).click();
  await expectText(cell(2, 4), emails[0]!);
  await expect(playground.api.sheet('Formulas').then((tab) => tab.values[1]?.[3])).resolves.toBe(emails[0]);
});

test("the formula bar shows a formula cell's formula, and #ERROR! says why on hover", async () => {
  await cell(2, 7).click();
  await page.keyboard.type('=ENRICH_EMAIL(A2:A6,B2:B5,D2:D6)');
  await page.keyboard.press('Enter');
  await expectText(cell(2, 7), '#ERROR!');
  await expect(cell(2, 7).getAttribute('title')).resolves.toBe(
    'The ranges must have the same number of rows: first_name has 5, last_name has 4.',
  );
  // Selecting the cell shows what was typed, not its value, and editing it there mends it.
  await cell(2, 7).click();
  const bar = page.locator('#formula');
  await expect(bar.inputValue()).resolves.toBe('=ENRICH_EMAIL(A2:A6,B2:B5,D2:D6)');
  await bar.fill('=ENRICH_EMAIL(A2:A6,B2:B6,D2:D6)');
  await bar.press('Enter');
  await expectText(cell(2, 7), '⏳ queued');
  await expect(cell(2, 7).getAttribute('title')).resolves.toBe('');
  await cell(3, 7).click();
  await cell(2, 7).click();
  await expect(bar.inputValue()).resolves.toBe('=ENRICH_EMAIL(A2:A6,B2:B6,D2:D6)');
});

test('the demo in both orders: a sidebar run answers formulas queued before it, and formulas typed after it', async () => {
  // Formulas first: the demo's Formulas tab waits in the queue.
  await page.getByRole('tab', { name: 'Formulas' }).click();
  await expectText(cell(2, 4), '⏳ queued');
  // Then a sidebar run on the same people, from the Contacts tab.
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await playground.api.select('A2:D6', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('button', { name: 'Start…' }).click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await sidebar.locator('.run .badge', { hasText: 'Finished' }).waitFor({ timeout: 20_000 });
  // The run's answers took the formulas off the queue: none waits, each shows its answer.
  await sidebar.locator('.formula-queue').waitFor({ state: 'hidden' });
  const contacts = await playground.api.sheet('Contacts');
  const workEmails = columnValues(contacts, 'Work email').slice(0, 5).map(String);
  await page.getByRole('tab', { name: 'Formulas' }).click();
  await expectText(cell(2, 4), workEmails[0] || '— not found');
  const formulas = await playground.api.sheet('Formulas');
  const shown = formulas.displayValues.slice(1, 6).map((row) => row[3]!);
  expect(shown.some((value) => value.startsWith('⏳'))).toBe(false);
  expect(shown).toEqual(workEmails.map((email) => email || expect.stringMatching(/^(— not found|Invalid)/)));
  // A run first, formulas after: typed now, they answer at once from saved results.
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await cell(2, 12).click();
  await page.keyboard.type('=ENRICH_EMAIL(A2,B2,D2)');
  await page.keyboard.press('Enter');
  await expectText(cell(2, 12), workEmails[0] || '— not found');
});

test('a daily cap being typed survives the box refresh, and is saved when the user leaves it', async () => {
  // The page's timers under the test's hand: the box's refresh (a peek that saw a change) runs when the test says.
  await page.clock.install();
  await openSidebarFrom(page, 'Get formula results');
  const queue = sidebarOf(page).locator('.formula-queue');
  await expectText(queue, 'formula requests');
  await queue.getByRole('switch').check();
  await expectText(queue, 'On, with your key');
  const cap = queue.getByLabel('Daily credit cap for automatic formula results');
  expect(await cap.inputValue()).toBe('100');
  await cap.fill('250');

  // A refresh while the user types: its answer (the saved cap, 100) redraws the box, not the field.
  await queue
    .locator('.formula-queue-row')
    .first()
    .evaluate((row) => row.setAttribute('data-before', ''));
  const refreshed = page.waitForResponse((response) =>
    (response.request().postData() ?? '').includes('"getFormulaQueue"'),
  );
  // Another execution writes the setting (a teammate's sidebar): the next peek redraws the box.
  await playground.api.call('setFormulaAuto', { enabled: true, dailyCap: 100 });
  await page.clock.runFor(BUSY_PEEK_MS + 1_000);
  await refreshed;
  await queue.locator('.formula-queue-row[data-before]').waitFor({ state: 'detached' });
  expect(await cap.inputValue()).toBe('250');

  await cap.blur();
  await expectText(queue, 'of 250 credits committed today');
  expect(await cap.inputValue()).toBe('250');
});
