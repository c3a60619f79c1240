/**
 * Spending seen in a real browser: a run's card says where it came from, the Spending view under the
 * Jobs panel adds up what the API charged, and the Spending tab shows Sheets' chart of credits per
 * day by person (the playground draws the sheet's embedded chart over the grid).
 */
import { expectText, pageShot, sidebarOf, sidebarShot, startOnContacts, usePlaygroundPage } from './support';

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
  const chart = page.locator('#charts svg[aria-label="Credits per day by person"]');
  await chart.waitFor({ timeout: 20_000 });
  expect(await page.locator('#charts svg rect title').count()).toBeGreaterThan(0);
  await pageShot(page, 'spending-tab');
});
