/**
 * Issue 21 §3, §6, §7 in a real browser at 1366×800: panels say what the sheet says without being
 * reopened, what a click produces is in view and has the focus, and messages read cleanly.
 */
import type { FrameLocator } from 'playwright-core';
import {
  expectText,
  inViewAndFocused,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  startOnContacts,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  jobMs: 3000,
  timeout: 90_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

async function startOn(rows: string): Promise<FrameLocator> {
  await startOnContacts(page, playground.api, rows);
  return sidebarOf(page);
}

test('§3 the Jobs panel counts the seconds and shows what another execution wrote, without reopening', async () => {
  await page.clock.install();
  const sidebar = await startOn('A2:D13');
  const working = sidebar.locator('.run .run-working');
  await expectText(working, 'Working on it');
  // Sidebar time stands still unless the test moves it: only the panel's own timers can move it.
  await page.clock.pauseAt(Date.now() + 500);
  // The panel's next tick may be scheduled only once a call it made has answered, in real time: a
  // second moved before that is lost on it (a loaded machine missed a single move). So the clock
  // moves a second at each look, until the count changes.
  const ticks = async (before: string | null) => {
    await waitUntil(async () => {
      await page.clock.runFor(1100);
      return (await working.textContent()) !== before;
    }, 10_000);
    return working.textContent();
  };
  await ticks(await ticks(await working.textContent()));

  // Another execution (the trigger, a teammate, "Refresh results now") writes the answers.
  const filled = async () => {
    await playground.api.call('pollJobs');
    const sheet = await playground.api.sheet('Contacts');
    return sheet.displayValues.slice(1, 13).some((cells) => cells.some((cell) => cell.includes('@')));
  };
  await waitUntil(filled, 30_000);
  // Well before the sidebar's next API poll (5 s), the panel reads what the cells came from.
  await page.clock.runFor(2100);
  await expectText(sidebar.locator('.run .run-count'), '12 of 12 contacts done', 5000);
  await expectText(sidebar.locator('.run .badge'), 'Finished');
  await sidebarShot(page, 'fresh-jobs-finished');
});

test('§3 the Enrich panel follows the sheet when the user switches tabs', async () => {
  await playground.api.select('A2:D4', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('.selection').first(), 'Contacts · rows 2–4');
  await page.getByRole('tab', { name: 'Emails' }).click();
  await playground.api.select('A2:A5', 'Emails');
  await expectText(sidebar.locator('.selection').first(), 'Emails · rows 2–5', 8000);
  await sidebarShot(page, 'fresh-enrich-switched-tab');
});

test('§3 the schedule box shows what the trigger committed while it is open', async () => {
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  const box = sidebar.locator('section.schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('At most per run (credits)').fill('15');
  await box.getByLabel('At most per day (credits)').fill('15');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  await expectText(box, '0 of 15 credits committed today.');
  // The playground fires the trigger every 2 s: its first tick commits credits and marks rows.
  const stored = async () =>
    ((await playground.api.call<{ committedToday: number } | null>('getSchedule'))?.committedToday ?? 0) > 0;
  await waitUntil(stored, 30_000);
  await expectText(box.locator('.schedule-status'), 'Last run', 20_000);
  const view = await playground.api.call<{ committedToday: number }>('getSchedule');
  await expectText(box, `${view.committedToday} of 15 credits committed today.`, 20_000);
  await sidebarShot(page, 'fresh-schedule-after-tick');
});

test('§6 Preview, "Search into a new tab…" and Load more land in view with the focus', async () => {
  await openSidebarFrom(page, 'Search companies or people');
  const sidebar = sidebarOf(page);
  const titles = sidebar.getByLabel('Job titles', { exact: true });
  await titles.fill('VP Sales');
  await titles.press('Enter');
  await sidebar.getByLabel('Results to load').fill('10');
  await visibleButton(sidebar, 'Preview').click();
  const searchButton = visibleButton(sidebar, 'Search into a new tab…');
  await searchButton.waitFor();
  expect(await inViewAndFocused(searchButton)).toEqual({ inView: true, focused: true });
  expect(await inViewAndFocused(sidebar.locator('.search-panel .cost'))).toMatchObject({ inView: true });
  await sidebarShot(page, 'reveal-search-preview');

  await searchButton.click();
  const load = sidebar.locator('.search-panel .confirm').getByRole('button', { name: 'Load', exact: true });
  expect(await inViewAndFocused(load)).toEqual({ inView: true, focused: true });
  await load.click();
  await expectText(sidebar.locator('.search-tab-state'), 'Done · 10 results loaded', 30_000);
  expect((await inViewAndFocused(sidebar.locator('.search-tab'))).inView).toBe(true);

  const loadMore = sidebar.getByRole('button', { name: 'Load more…' });
  await loadMore.click();
  const confirm = sidebar.locator('.search-panel .confirm');
  await expectText(confirm, 'Load 10 more results');
  expect(await inViewAndFocused(confirm)).toEqual({ inView: true, focused: true });
  // Right under its button, not at the bottom of the form.
  const buttonBox = (await loadMore.boundingBox())!;
  const confirmBox = (await confirm.boundingBox())!;
  expect(confirmBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(60);
  await sidebarShot(page, 'reveal-load-more');
  // Cancel gives the focus back to the button that asked.
  await confirm.getByRole('button', { name: 'Cancel' }).press('Enter');
  expect(await loadMore.evaluate((element) => element === document.activeElement)).toBe(true);
});

test('§7 a run card keeps its time on the title line, and "Exclude this range" is aligned', async () => {
  const sidebar = await startOn('A2:D3');
  const title = sidebar.locator('.run .run-title');
  await title.waitFor();
  // The time sits on the line of the name's last word, never on a line of its own. Measured on a
  // card in the page: the list is redrawn every 2 s, and a card just replaced has no boxes.
  const measured: { lines?: { nameLast: number; time: number[] } } = {};
  await waitUntil(async () => {
    const lines = await title.evaluate((element) => {
      const name = [...element.querySelector('.run-name')!.getClientRects()];
      const time = [...element.querySelector('.run-time')!.getClientRects()];
      if (!element.isConnected || !name.length || !time.length) return null;
      return { nameLast: name[name.length - 1]!.top, time: time.map((rect) => rect.top) };
    });
    if (lines) measured.lines = lines;
    return !!lines;
  }, 20_000);
  const lines = measured.lines!;
  expect(lines.time).toHaveLength(1);
  expect(Math.abs(lines.time[0]! - lines.nameLast)).toBeLessThan(2);
  await sidebarShot(page, 'messages-run-card');

  await sidebar.getByRole('tab', { name: 'Search' }).click();
  await sidebar.getByRole('radio', { name: 'Companies' }).check();
  // Opens the filters "More filters" holds, where a range may be.
  await sidebar.locator('details.more-filters > summary').click();
  const label = sidebar.locator('label.check', { hasText: 'Exclude this range' }).first();
  await label.scrollIntoViewIfNeeded();
  // The middle of the words' own line box (not the label's), beside the middle of the checkbox.
  const boxes = await label.evaluate((element) => {
    const input = element.querySelector('input')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const words = [...range.getClientRects()].find((rect) => rect.width > 0 && rect.left > input.right - 1);
    return words ? { input: input.top + input.height / 2, text: words.top + words.height / 2 } : null;
  });
  expect(boxes).not.toBeNull();
  expect(Math.abs(boxes!.input - boxes!.text)).toBeLessThanOrEqual(1.5);
  await sidebarShot(page, 'messages-exclude-range');
});
