/**
 * Screens that tell the truth, in a real browser (issue 30), each saved under test/artifacts/: a
 * queued formula kept by Convert formulas to values, formulas after Clear queued requests, a run
 * canceled before anything was sent, and Settings refusing to save a refused key.
 */
import type { Page } from 'playwright-core';
import {
  expectText,
  openSidebarFrom,
  pageShot,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1000 },
  ready: 'grid',
});

const cell = (row: number, column: number) => page.locator(`td[data-row="${row}"][data-column="${column}"]`);

async function menu(target: Page, label: string): Promise<void> {
  await target.getByRole('button', { name: 'Extensions' }).click();
  await target.getByRole('menuitem', { name: 'Sheet Enrich' }).hover();
  await target.getByRole('menuitem', { name: label }).click();
}

/** Per-cell formulas in column F of rows 2–4, typed as a user does. */
async function typeFormulas(): Promise<void> {
  for (let row = 2; row <= 4; row++) {
    await cell(row, 6).click();
    await page.keyboard.type(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    await page.keyboard.press('Enter');
  }
  for (let row = 2; row <= 4; row++) await expectText(cell(row, 6), '⏳ queued');
}

test('Convert formulas to values keeps a queued formula and says so', async () => {
  await typeFormulas();
  await playground.api.select('A2:F4', 'Contacts');
  await menu(page, 'Convert formulas to values');
  await expectText(page.locator('.toast').last(), '3 formulas still waiting for their answers stay formulas');
  await pageShot(page, 'formula-convert-keeps-queued');
  const sheet = await playground.api.sheet('Contacts');
  expect(sheet.displayValues.slice(1, 4).map((row) => row[5])).toEqual(
    Array(3).fill(expect.stringMatching(/^⏳ queued/)),
  );
});

test('Convert leaves a waiting range formula whole, and the answers bought then show in its spill', async () => {
  await cell(8, 6).click();
  await page.keyboard.type('=ENRICH_PERSONAL_EMAIL(A8:A12,B8:B12,C8:C12)');
  await page.keyboard.press('Enter');
  for (let row = 8; row <= 12; row++) await expectText(cell(row, 6), '⏳ queued');
  await playground.api.select('A8:F12', 'Contacts');
  await menu(page, 'Convert formulas to values');
  await expectText(
    page.locator('.toast').last(),
    'No formula became text. 1 formula still waiting for its answer stays a formula',
  );
  // Its spill is untouched: no text in it blocks the formula (#REF!).
  for (let row = 8; row <= 12; row++) await expectText(cell(row, 6), '⏳ queued');
  await pageShot(page, 'formula-convert-keeps-range');

  await openSidebarFrom(page, 'Get formula results');
  const queue = sidebarOf(page).locator('.formula-queue');
  await queue.getByRole('button', { name: 'Get them…' }).click();
  await queue.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await sidebarOf(page).locator('.run .badge', { hasText: 'Finished' }).waitFor({ timeout: 20_000 });
  await waitUntil(async () => {
    const shown = (await playground.api.sheet('Contacts')).displayValues.slice(7, 12).map((row) => row[5]!);
    return !shown.some((text) => text.startsWith('⏳') || text === '#REF!');
  }, 20_000);
  const shown = (await playground.api.sheet('Contacts')).displayValues.slice(7, 12).map((row) => row[5]!);
  expect(shown.filter((text) => text.includes('@')).length).toBeGreaterThan(0);
  await pageShot(page, 'formula-convert-range-answered');
});

test('after Clear queued requests, the formulas say they are not queued and how to ask again', async () => {
  await typeFormulas();
  await openSidebarFrom(page, 'Get formula results');
  const queue = sidebarOf(page).locator('.formula-queue');
  await queue.getByRole('button', { name: 'Clear queued requests…' }).click();
  await queue.getByRole('button', { name: 'Clear them' }).click();
  for (let row = 2; row <= 4; row++) await expectText(cell(row, 6), '— not queued');
  await pageShot(page, 'formula-queue-after-clear');
  await menu(page, 'Refresh results now');
  for (let row = 2; row <= 4; row++) await expectText(cell(row, 6), '⏳ queued');
});

test('a run canceled before it sent anything: card, toast and rows tell one story', async () => {
  await playground.api.select('A7:D9', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await visibleButton(sidebar, 'Start…').click();
  // The key is revoked before Start: the run's job waits, unsent, and can be canceled.
  await playground.api.saveRevokedKey('sk-wrong-0000');
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  const run = sidebar.locator('.run').first();
  await expectText(run.locator('.badge'), 'Waiting for key', 20_000);
  await run.getByRole('button', { name: 'Cancel…' }).click();
  await run.getByRole('button', { name: 'Cancel run' }).click();
  await expectText(run.locator('.badge'), 'Canceled', 20_000);
  await expectText(run, '0 of 3 contacts done · 3 not processed');
  expect(await run.locator('.progress-fill').evaluate((bar) => (bar as HTMLElement).style.width)).toBe('0%');
  await expectText(page.locator('.toast').last(), 'no contact processed (3 of 3 not processed)');
  // No job was started: nothing says answers of started jobs were written.
  await expectText(
    run.locator('.run-error'),
    'Canceled: 3 contacts were not sent (nothing charged for them).',
  );
  expect(await page.locator('.toast').last().textContent()).not.toContain('already started');
  await sidebarShot(page, 'sidebar-canceled-run');
  const sheet = await playground.api.sheet('Contacts');
  const status = sheet.displayValues[0]!.indexOf('Status');
  expect(sheet.displayValues.slice(6, 9).map((row) => row[status])).toEqual([
    'canceled',
    'canceled',
    'canceled',
  ]);
});

test('Settings refuses to save a key the API refuses, and keeps the saved one', async () => {
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  const status = sidebar.getByText(/^Saved key: /);
  const saved = (await status.textContent())!;
  const notice = sidebar.locator('form[aria-label="Your API key"] .notice');
  await sidebar.getByLabel('API key', { exact: true }).fill('sk-wrong-1234');
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  await expectText(notice, 'The API refused this key, so it was not saved');
  expect(await status.textContent()).toBe(saved);
  // Words that make sense in Settings, and what was typed stays to be corrected.
  expect(await notice.textContent()).not.toMatch(/Check it in Settings|The API said/);
  expect(await notice.textContent()).toContain('check that it was copied whole');
  expect(await sidebar.getByLabel('API key', { exact: true }).inputValue()).toBe('sk-wrong-1234');
  await sidebarShot(page, 'sidebar-settings-refused-key');
  // The kept key works, and no internal workspace id is shown for it.
  await sidebar.getByLabel('API key', { exact: true }).fill('');
  await sidebar.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectText(notice, 'The saved key works.');
  expect(await sidebar.locator('body').innerText()).not.toMatch(/ws_|Workspace:/);
});
