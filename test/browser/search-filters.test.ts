/**
 * Every filter a search holds shows: a company list taken from a company tab sits under "More
 * filters", which says how many values it holds and opens on them, and Clear filters drops them all,
 * so the next search counts what its visible filters say. The people tab is named after the companies.
 */
import {
  columnValues,
  expectText,
  inViewAndFocused,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
} from './support';
import type { FrameLocator } from 'playwright-core';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

/** Types a value into a text filter and adds it as a chip. */
async function addChip(sidebar: FrameLocator, label: string, value: string): Promise<void> {
  const input = sidebar.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

/** The matches the preview line reports. */
async function previewedMatches(sidebar: FrameLocator): Promise<number> {
  await visibleButton(sidebar, 'Preview').click();
  const line = sidebar.locator('.search-panel .cost p').first();
  await line.waitFor();
  return Number(((await line.textContent()) ?? '').replace(/,/g, '').split(' ')[0]);
}

test('filters taken from a company tab show under More filters, and Clear filters drops them', async () => {
  await openSidebarFrom(page, 'Search companies or people');
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('radio', { name: 'Companies' }).click();
  await addChip(sidebar, 'Industries', 'Software Development');
  await sidebar.getByLabel('Results to load').fill('20');
  // What Preview itself can cost is said beside it, and again in what it shows.
  const previewCost = 'Preview loads one result to count the matches: it can cost 1 credit';
  await expectText(sidebar.locator('.search-panel'), previewCost);
  await previewedMatches(sidebar);
  await expectText(sidebar.locator('.search-panel .cost'), 'This preview: at most 1 credit.');
  await sidebar.getByText(previewCost).scrollIntoViewIfNeeded();
  await sidebarShot(page, 'sidebar-search-preview-cost');
  await visibleButton(sidebar, 'Search into a new tab…').click();
  await sidebar
    .locator('.search-panel .confirm:not([hidden])')
    .getByRole('button', { name: 'Load', exact: true })
    .click();
  await expectText(sidebar.locator('.search-tab-state'), 'Done · 20 results loaded', 30_000);
  const companies = await playground.api.sheet('Companies · Software Development');
  const [first, second] = columnValues(companies, 'Name').map(String);

  await sidebar.getByRole('button', { name: 'Find people at these companies' }).click();
  const more = sidebar.locator('.more-filters');
  await expectText(more.locator('summary'), 'More filters (20 active)');
  // What the click produced (the people form with those companies) is in view, Preview focused.
  const preview = sidebar.locator('.search-panel').getByRole('button', { name: 'Preview', exact: true });
  expect(await inViewAndFocused(preview)).toEqual({ inView: true, focused: true });
  expect(await more.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
  await expectText(more.locator('.chip').first(), first!);

  await addChip(sidebar, 'Person locations', 'United States');
  const atCompanies = await previewedMatches(sidebar);
  await visibleButton(sidebar, 'Search into a new tab…').click();
  await expectText(
    sidebar.locator('.search-panel .confirm:not([hidden])'),
    `into a new tab "People at ${first}, ${second} +18 · United States"`,
  );
  await sidebar
    .locator('.search-panel .confirm:not([hidden])')
    .getByRole('button', { name: 'Cancel' })
    .click();
  // Folded away, the list still says it is there.
  await more.locator('summary').click();
  expect(await more.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
  await expectText(more.locator('summary'), 'More filters (20 active)');
  await sidebarShot(page, 'sidebar-search-hidden-filters');

  await sidebar.getByRole('button', { name: 'Clear filters' }).click();
  await expectText(more.locator('summary'), 'More filters');
  expect(await more.locator('summary').textContent()).toBe('More filters');
  expect(await sidebar.locator('.search-form .chip').count()).toBe(0);
  expect(await sidebar.getByRole('button', { name: 'Clear filters' }).isDisabled()).toBe(true);

  await addChip(sidebar, 'Person locations', 'United States');
  const everywhere = await previewedMatches(sidebar);
  await sidebarShot(page, 'sidebar-search-cleared-filters');
  const expected = await playground.api.call<{ total: number }>('previewSearch', {
    kind: 'people',
    filters: { person_locations: [{ value: 'United States' }] },
    rows: 100,
  });
  expect(everywhere).toBe(expected.total);
  expect(everywhere).toBeGreaterThan(atCompanies * 10);
});
