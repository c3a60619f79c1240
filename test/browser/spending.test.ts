/**
 * Spending seen in a real browser: a run's card says where it came from, the Spending view under the
 * Jobs panel adds up what the API charged, and the Spending tab shows Sheets' chart of credits per
 * day by person (the playground draws the sheet's embedded chart over the grid).
 */
import {
  expectText,
  openSidebarFrom,
  pageShot,
  sidebarOf,
  sidebarShot,
  startOnContacts,
  usePlaygroundPage,
  visibleButton,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1000 },
  ready: 'grid',
});

test('a finished run shows in the Spending view and in the Spending tab with its chart', async () => {
  const runId = await startOnContacts(page, playground.api, 'A2:D6');
  const sidebar = sidebarOf(page);
  const run = sidebar.locator(`.run[data-run-id="${runId}"]`);
  await expectText(run.locator('.badge'), 'Finished', 30_000);
  // Where it came from, in the words the log and the report use.
  await expectText(run.locator('.run-source'), 'manual');

  const tab = await playground.api.sheet('Spending');
  const [header, line] = tab.displayValues;
  expect(header!.slice(0, 4)).toEqual(['Day', 'Person', 'Kind', 'Credits']);
  expect(line![2]).toBe('manual');
  const credits = Number(line![3]);
  expect(credits).toBeGreaterThan(0);

  const view = sidebar.locator('section.spending');
  await expectText(view, `Today: ${credits} credit`);
  await expectText(view, `manual: ${credits}`);
  await view.scrollIntoViewIfNeeded();
  await sidebarShot(page, 'sidebar-spending');

  await page.getByRole('tab', { name: 'Spending' }).click();
  const chart = page.locator('#charts svg[aria-label="Credits per day"]');
  await chart.waitFor({ timeout: 20_000 });
  expect(await page.locator('#charts svg rect title').count()).toBeGreaterThan(0);
  await pageShot(page, 'spending-tab');
});

test('a daily limit on the key, set in Settings, refuses a run that would pass it', async () => {
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  const box = sidebar.locator('section.key-limit');
  await expectText(box, 'No limit');
  await box.getByLabel('At most N credits a day with my key, in all my spreadsheets').fill('10');
  await box.getByRole('button', { name: 'Save limit' }).click();
  await expectText(box, '0 of 10 credits used today.');
  await box.scrollIntoViewIfNeeded();
  await sidebarShot(page, 'sidebar-key-limit');

  await playground.api.select('A7:D12', 'Contacts');
  await sidebar.getByRole('tab', { name: 'Enrich' }).click();
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('body'), "Your key's daily limit (10 credits) is reached");
  await sidebarShot(page, 'sidebar-key-limit-refused');
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  await expectText(sidebar.locator('section.spending'), 'Your key: 0 of 10 credits today.');
});
