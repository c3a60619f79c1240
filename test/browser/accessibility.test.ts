/**
 * Issue 21 §8, issue 40: axe-core (moderate, serious and critical rules) over every panel and state of the real
 * sidebar, and one full enrich run by keyboard alone (Tab, Shift+Tab, Enter, Space).
 */
import {
  axeProblems,
  expectText,
  openSidebarFrom,
  sidebarFrame,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  runToTheEnd,
  visibleButton,
} from './support';
import type { PlanView } from '../../src/app/sidebar-contract';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  jobMs: 1500,
  timeout: 120_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

test('axe finds no moderate, serious or critical violation on any panel or state', async () => {
  const problems: string[] = [];
  await playground.api.select('A2:D4', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('.selection').first(), 'Contacts · rows 2–4');
  problems.push(...(await axeProblems(page, 'enrich')));
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').waitFor();
  problems.push(...(await axeProblems(page, 'enrich confirmation')));
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('.run .badge'), 'Running');
  problems.push(...(await axeProblems(page, 'jobs running')));
  await expectText(sidebar.locator('.run .badge'), 'Finished', 30_000);
  problems.push(...(await axeProblems(page, 'jobs with runs')));

  await playground.api.select('A2:A4', 'Emails');
  await sidebar.getByRole('tab', { name: 'Reverse' }).click();
  await expectText(sidebar.locator('.selection').nth(1), 'Emails');
  problems.push(...(await axeProblems(page, 'reverse')));

  await sidebar.getByRole('tab', { name: 'Search' }).click();
  const titles = sidebar.getByLabel('Job titles', { exact: true });
  await titles.fill('VP Sales');
  await titles.press('Enter');
  await sidebar.getByLabel('Results to load').fill('5');
  await visibleButton(sidebar, 'Preview').click();
  await visibleButton(sidebar, 'Search into a new tab…').click();
  problems.push(...(await axeProblems(page, 'search confirmation')));
  await sidebar.locator('.search-panel .confirm').getByRole('button', { name: 'Load', exact: true }).click();
  await expectText(sidebar.locator('.search-tab-state'), 'Done', 30_000);
  problems.push(...(await axeProblems(page, 'search with results')));
  await sidebar.getByRole('button', { name: 'Load more…' }).click();
  await sidebar.locator('.search-panel .confirm').waitFor();
  problems.push(...(await axeProblems(page, 'load more confirmation')));
  await page.keyboard.press('Escape');

  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await sidebar.locator('section.schedule').getByLabel('Sheet').selectOption('Contacts');
  await sidebar.locator('section.schedule').getByRole('button', { name: 'Save schedule' }).click();
  await expectText(sidebar.locator('section.schedule'), 'Runs every hour');
  problems.push(...(await axeProblems(page, 'settings and schedule')));
  await sidebar.getByLabel('API key', { exact: true }).fill('wrong-key-123');
  await sidebar.getByRole('button', { name: 'Verify', exact: true }).click();
  await sidebar.locator('.notice-error').first().waitFor();
  problems.push(...(await axeProblems(page, 'settings with a refused key')));
  await sidebarShot(page, 'a11y-settings');
  expect(problems).toEqual([]);
});

test('one full enrich run by keyboard alone, with the focus visible and moved to the confirmation', async () => {
  await playground.api.select('A2:D4', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('.selection').first(), 'Contacts · rows 2–4');
  const frame = sidebarFrame(page);
  // Opening the sidebar puts the focus in it (Sheets does the same): from there, keys only.
  await frame.locator('[role=tab][aria-selected=true]').focus();
  const focused = () =>
    frame.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const style = element ? getComputedStyle(element) : null;
      return {
        text: (element?.textContent ?? '').trim(),
        what: element
          ? `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}"`
          : '',
        visibleRing: !!style && (style.boxShadow !== 'none' || style.outlineStyle !== 'none'),
      };
    });
  // Tab to Start… (never a click): each stop shows where the focus is.
  let found = false;
  for (let step = 0; step < 60 && !found; step++) {
    await page.keyboard.press('Tab');
    const now = await focused();
    expect(now.visibleRing ? 'ring' : `no ring on ${now.what}`).toBe('ring');
    found = now.text === 'Start…';
  }
  expect(found).toBe(true);
  await page.keyboard.press('Enter');
  // The confirmation takes the focus, on its answer.
  expect((await focused()).text).toBe('Start');
  await sidebarShot(page, 'keyboard-confirm');
  // Escape closes it and gives the focus back to Start…; Enter asks again.
  await page.keyboard.press('Escape');
  expect((await focused()).text).toBe('Start…');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  // The focus follows to the Jobs tab, over the new run, instead of falling back to the page.
  expect((await focused()).text).toBe('Jobs');
  await expectText(sidebar.locator('.run .badge'), 'Finished', 30_000);
  // The state change is announced to screen readers.
  await expectText(sidebar.locator('.panel [role=status]').filter({ hasText: 'Finished' }), 'Finished');
  const sheet = await playground.api.sheet('Contacts');
  expect(sheet.displayValues.slice(1, 4).some((cells) => cells.some((cell) => cell.includes('@')))).toBe(
    true,
  );
  await sidebarShot(page, 'keyboard-finished');
});

test('the status region says what changed, not every run the panel shows', async () => {
  // Two runs ended before the panel opens: they are not news.
  for (const rows of ['A2:D3', 'A4:D5']) await runToTheEnd(playground.api, rows, ['work_email']);
  await openSidebarFrom(page, 'Get formula results');
  const sidebar = sidebarOf(page);
  await sidebar.locator('.run').nth(1).waitFor();
  const status = sidebar.locator('section[aria-label=Jobs] > p.visually-hidden[role=status]');
  expect(await status.textContent()).toBe('');
  // A third run, started and ended while it shows: said, alone.
  await playground.api.select('A6:D6', 'Contacts');
  const plan = await playground.api.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
  await playground.api.call('startRun', plan.planId);
  await expectText(status, 'Finished', 30_000);
  expect(await status.textContent()).toMatch(
    /^Enrichment · Contacts: (Running, 0|Finished, 1) of 1 contact done\.( Enrichment · Contacts: Finished, 1 of 1 contact done\.)?$/,
  );
  await expect(sidebar.locator('.run').count()).resolves.toBe(3);
});
