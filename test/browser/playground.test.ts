/**
 * The playground itself: a grid that edits and selects like Sheets, tabs, and results that keep
 * landing when the sidebar is closed (the add-on's time-driven trigger).
 */
import { openSidebarFrom, expectText, sidebarOf, visibleButton, usePlaygroundPage } from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 900 },
  ready: 'grid',
});

const cell = (row: number, column: number) => page.locator(`td[data-row="${row}"][data-column="${column}"]`);

test('cells are edited by typing, and selections follow the mouse', async () => {
  await cell(15, 1).click();
  await page.keyboard.type('Zoé');
  await page.keyboard.press('Enter');
  await expectText(page.locator('#name-box'), 'A16');
  await expect(playground.api.sheet('Contacts').then((sheet) => sheet.values[14]?.[0])).resolves.toBe('Zoé');
  // The grid shows it too, and keeps following the server (Enter did not open the next cell).
  await page.locator('td[data-row="15"][data-column="1"]', { hasText: 'Zoé' }).waitFor();
  await expect(page.locator('.cell-editor').count()).resolves.toBe(0);

  await cell(2, 1).click();
  await cell(4, 2).click({ modifiers: ['Control'] });
  await expectText(page.locator('#name-box'), 'B4');
  await expect(playground.api.state().then((state) => state.selection.length)).resolves.toBe(2);

  await page.locator('th.row-header[data-row="3"]').click();
  await expectText(page.locator('#name-box'), 'A3:D3');

  // The page follows a selection made through the automation API too.
  await playground.api.select('B2:C5', 'Contacts');
  await expectText(page.locator('#name-box'), 'B2:C5');

  await page.getByRole('tab', { name: 'Emails' }).click();
  await expectText(cell(1, 1), 'Email');
});

test('results keep landing in the grid after the sidebar is closed', async () => {
  await playground.api.select('A2:D4', 'Contacts');
  await expectText(page.locator('#name-box'), 'A2:D4');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  await page.getByRole('button', { name: 'Close sidebar' }).click();
  await page.locator('#sidebar').waitFor({ state: 'hidden' });

  await expectText(page.locator('.grid tbody tr').first(), 'Work email', 15_000);
  // Column F: the block starts with Status (E), then Work email.
  await page.locator('td[data-column="6"]', { hasText: '@' }).first().waitFor({ timeout: 15_000 });
});
