/**
 * A user searches people from the sidebar, gets a new tab of results, and enriches two of its rows:
 * the real sidebar and dist/Code.js against the emulator (which charges a quarter credit per new result).
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
  timeout: 90_000,
  viewport: { width: 1280, height: 1100 },
  ready: 'grid',
});

test('a people search lands in a new tab, and two of its rows are enriched from there', async () => {
  await openSidebarFrom(page, 'Search companies or people');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Search');
  const titles = sidebar.getByLabel('Job titles', { exact: true });
  await titles.fill('VP Sales');
  await titles.press('Enter');
  await expectText(sidebar.locator('.chips').first(), 'VP Sales');
  await sidebar.getByLabel('Results to load').fill('30');
  await visibleButton(sidebar, 'Preview').click();
  await expectText(sidebar.locator('.search-panel .cost'), 'loading 30 results costs at most 8 credits');
  const total = Number(
    ((await sidebar.locator('.search-panel .cost p').first().textContent()) ?? '')
      .replace(/,/g, '')
      .split(' ')[0],
  );
  expect(total).toBeGreaterThan(30);
  await sidebarShot(page, 'sidebar-search-preview');

  await visibleButton(sidebar, 'Search into a new tab…').click();
  await expectText(
    sidebar.locator('.confirm:not([hidden])'),
    'Load 30 results into a new tab "People · VP Sales": at most 8 credits?',
  );
  await sidebar
    .locator('.search-panel .confirm:not([hidden])')
    .getByRole('button', { name: 'Load', exact: true })
    .click();
  await expectText(sidebar.locator('.search-tab-state'), 'Done · 30 results loaded', 30_000);
  await sidebarShot(page, 'sidebar-search-tab');

  const tab = await playground.api.sheet('People · VP Sales');
  // Names first; the id (a key for Refresh and for support) last.
  expect(tab.displayValues[0]?.slice(0, 3)).toEqual(['Full name', 'First name', 'Last name']);
  expect(tab.displayValues[0]?.at(-1)).toBe('Person ID');
  // The log says what the search charged, in the words runs use.
  const log = await playground.api.sheet('Sheet Enrich log');
  const entry = Object.fromEntries(
    log.displayValues[0]!.map((name, i) => [name, log.displayValues.at(-1)![i]]),
  );
  expect(entry).toMatchObject({
    Source: 'search',
    Outcome: 'finished',
    'Credits charged': expect.stringMatching(/^\d+$/),
  });
  const ids = columnValues(tab, 'Person ID').filter((id) => id !== '');
  expect(ids).toHaveLength(30);
  expect(new Set(ids).size).toBe(30);
  // Every result is what was searched for.
  expect(columnValues(tab, 'Title').every((title) => /vp sales/i.test(String(title)))).toBe(true);
  await pageShot(page, 'playground-search-tab');

  // Enrich these people: the Enrich panel opens on the tab's rows, its columns mapped by themselves.
  await sidebar.getByRole('button', { name: 'Enrich these people' }).click();
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Enrich');
  await expectText(sidebar.locator('.selection').first(), 'People · VP Sales · rows 2–31');
  // Two of its rows only: the user narrows the selection.
  await playground.api.select('A2:A3', 'People · VP Sales');
  await sidebar.getByRole('button', { name: 'Refresh selection' }).first().click();
  await expectText(sidebar.locator('.selection').first(), 'People · VP Sales · rows 2–3');
  const profileColumn = tab.displayValues[0]!.indexOf('Profile URL') + 1;
  // The mapping line names the column by its letter (the tab is narrower than 26 columns).
  const letter = String.fromCharCode(64 + profileColumn);
  await expectText(sidebar.locator('.mapping-summary').first(), `Profile URL ${letter}`);
  expect(await sidebar.getByLabel('Profile URL', { exact: true }).inputValue()).toBe(String(profileColumn));
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('.run .badge'), 'Finished', 30_000);

  const enriched = await playground.api.sheet('People · VP Sales');
  const emails = columnValues(enriched, 'Work email');
  expect(emails.slice(0, 2).some((email) => String(email).includes('@'))).toBe(true);
  expect(emails.slice(2).every((email) => email === '' || email === undefined)).toBe(true);
});
