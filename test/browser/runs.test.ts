/**
 * A user in a real browser: enriches selected rows and reverse-looks-up emails from the menu,
 * through the real sidebar and dist/Code.js, and sees the results land in the grid.
 */
import {
  columnValues,
  expectText,
  openSidebarFrom,
  pageShot,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1100 },
  ready: 'grid',
});

test('a user enriches selected rows from start to end', async () => {
  // Select rows 2–6 with the mouse: a click, then a shift-click.
  await page.locator('td[data-row="2"][data-column="1"]').click();
  await page.locator('td[data-row="6"][data-column="4"]').click({ modifiers: ['Shift'] });
  await expectText(page.locator('#name-box'), 'A2:D6');

  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Enrich');
  await expectText(sidebar.locator('.selection').first(), 'Contacts · rows 2–6');
  // The detected mapping in one line; the dropdowns wait behind Change.
  await expectText(
    sidebar.locator('.mapping-summary').first(),
    'First name A · Last name B · Company name C · Company domain D',
  );
  await expect(sidebar.getByLabel('Company domain', { exact: true }).isVisible()).resolves.toBe(false);
  await expect(sidebar.getByRole('checkbox', { name: /Mobile phone/ }).isChecked()).resolves.toBe(true);
  await expectText(sidebar.locator('.max-credits').first(), '55 credits');
  await sidebarShot(page, 'sidebar-enrich');

  await visibleButton(sidebar, 'Start…').click();
  await expectText(sidebar.locator('.confirm:not([hidden])'), 'Spend up to 55 credits on 5 contacts');
  await sidebarShot(page, 'sidebar-enrich-confirm');
  // A double click must start one run, not two.
  await sidebar
    .locator('.confirm:not([hidden])')
    .getByRole('button', { name: 'Start', exact: true })
    .dblclick();

  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const run = sidebar.locator('.run');
  await run.first().waitFor();
  expect(await run.count()).toBe(1);
  await expect(sidebar.getByRole('progressbar').isVisible()).resolves.toBe(true);
  await sidebarShot(page, 'sidebar-jobs-running');
  await expectText(run.locator('.badge'), 'Finished', 20_000);
  await expectText(run.locator('.run-count'), '5 of 5 contacts done');
  await sidebarShot(page, 'sidebar-jobs-finished');

  const sheet = await playground.api.sheet('Contacts');
  const emails = columnValues(sheet, 'Work email');
  const phones = columnValues(sheet, 'Phone');
  expect(emails.slice(0, 5).filter((email) => String(email).includes('@')).length).toBeGreaterThanOrEqual(3);
  const foundPhones = phones.slice(0, 5).filter((phone) => phone !== '');
  expect(foundPhones.length).toBeGreaterThan(0);
  for (const phone of foundPhones) expect(String(phone)).toMatch(/^\+\d/);
  // Rows outside the selection are left alone.
  expect(emails.slice(5).every((email) => email === '' || email === undefined)).toBe(true);

  // The grid shows what landed, phones with their "+".
  const grid = page.locator('.grid');
  await expectText(grid, String(emails.find((email) => String(email).includes('@'))));
  await expectText(grid, String(foundPhones[0]));
  await pageShot(page, 'playground-enriched');
});

test('a user reverse-looks-up a column of emails', async () => {
  await page.getByRole('tab', { name: 'Emails' }).click();
  await expectText(page.locator('td[data-row="1"][data-column="1"]'), 'Email');
  // Select A2:A7 by dragging.
  await page.locator('td[data-row="2"][data-column="1"]').hover();
  await page.mouse.down();
  await page.locator('td[data-row="7"][data-column="1"]').hover();
  await page.mouse.up();
  await expectText(page.locator('#name-box'), 'A2:A7');

  await openSidebarFrom(page, 'Reverse lookup selected emails');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Reverse');
  await expectText(sidebar.locator('.selection').nth(1), 'Emails · rows 2–7');
  await expectText(sidebar.locator('.mapping-summary').nth(1), 'Email A');
  await sidebarShot(page, 'sidebar-reverse');

  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('.run .badge'), 'Finished', 20_000);
  await expectText(sidebar.locator('.run .run-found'), 'profiles');

  const sheet = await playground.api.sheet('Emails');
  const header = sheet.values[0]!.map(String);
  expect(header.length).toBeGreaterThan(1);
  // Profiles actually found, not just cells filled: every demo email belongs to someone the API knows.
  const status = header.indexOf('Status');
  const fullName = header.indexOf('Full name');
  const rows = sheet.values.slice(1, 7);
  expect(rows.map((row) => row[status])).toEqual(Array(6).fill('found'));
  expect(rows.every((row) => String(row[fullName]).trim().length > 0)).toBe(true);
});
