/**
 * Issue 30 in a real browser: every panel shows what the stores hold within one peek of the change
 * stamp (BUSY_PEEK_MS), whoever wrote it, and the page has one balance. The sidebar's clock is the
 * test's (page.clock): only runFor moves its timers, so "within one peek" is exact, not timed.
 */
import { demoContacts } from '../../dev/playground/demo';
import { BUSY_PEEK_MS } from '../../sidebar/watcher';
import {
  expectText,
  holdRpc,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { demo: false, sidebar: false },
  timeout: 90_000,
  viewport: { width: 1280, height: 1000 },
  ready: 'grid',
});

const PEOPLE = demoContacts(4).values;

/** Types into a cell as the user does in the sheet (the playground's own route). */
async function typeInto(sheet: string, row: number, column: number, value: string): Promise<void> {
  const response = await fetch(new URL('__api/cell', playground.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sheet, row, column, value }),
  });
  expect(response.ok).toBe(true);
}

/** Opens the sidebar on `item`, then stops the sidebar's clock: from here only runFor moves it. */
async function openWithClock(item: string): Promise<void> {
  await page.clock.install();
  await openSidebarFrom(page, item);
  await sidebarOf(page).getByRole('tab', { name: 'Settings' }).waitFor();
  await page.clock.pauseAt(Date.now() + 1000);
}

test('a formula typed for a new person shows "Get them…" in the open Jobs panel within one peek', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await openWithClock('Get formula results');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const queue = sidebar.locator('.formula-queue');
  await expectText(sidebar.locator('.runs'), 'No runs yet');
  expect(await queue.isHidden()).toBe(true);

  await typeInto('People', 2, 6, '=ENRICH_EMAIL(A2,B2,C2)');
  await page.clock.runFor(BUSY_PEEK_MS);
  await queue.getByRole('button', { name: 'Get them…' }).waitFor({ timeout: 5000 });
  await expectText(queue, '1 formula request');
  await sidebarShot(page, 'live-formula-queue-one-peek');
});

test('"Refresh now" shows a formula request typed since the panel was drawn', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await openWithClock('Get formula results');
  const sidebar = sidebarOf(page);
  await expectText(sidebar.locator('.runs'), 'No runs yet');
  await typeInto('People', 2, 6, '=ENRICH_EMAIL(A2,B2,C2)');
  // The sidebar's clock stands still: no peek runs, only the button.
  await sidebar.getByRole('button', { name: 'Refresh now' }).click();
  await sidebar
    .locator('.formula-queue')
    .getByRole('button', { name: 'Get them…' })
    .waitFor({ timeout: 5000 });
});

test('a redraw while "Get them…" prices keeps its question on screen', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await openWithClock('Get formula results');
  const sidebar = sidebarOf(page);
  await typeInto('People', 2, 6, '=ENRICH_EMAIL(A2,B2,C2)');
  await sidebar.getByRole('button', { name: 'Refresh now' }).click();
  const queue = sidebar.locator('.formula-queue');
  // The price is held until the queue was drawn again: a load that came back meanwhile (CI met one
  // from the panel's own first loads) once took the row the question was to open under.
  const pricing = await holdRpc(page, 'planFormulaRun');
  await queue.getByRole('button', { name: 'Get them…' }).click();
  await waitUntil(async () => pricing.asked(), 10_000);
  const redrawn = page.waitForResponse(
    (response) => !!response.request().postData()?.includes('"getFormulaQueue"'),
  );
  await sidebar.getByRole('button', { name: 'Refresh now' }).click();
  await redrawn;
  pricing.release();
  await queue
    .locator('.confirm')
    .getByRole('button', { name: 'Start', exact: true })
    .waitFor({ timeout: 5000 });
  await expectText(queue.locator('.confirm'), 'Spend up to');
});

test('an automatic run shows in the open Jobs list within one peek', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await openWithClock('Get formula results');
  const sidebar = sidebarOf(page);
  await typeInto('People', 2, 6, '=ENRICH_EMAIL(A2,B2,C2)');
  await page.clock.runFor(BUSY_PEEK_MS);
  const queue = sidebar.locator('.formula-queue');
  await queue.getByRole('switch').check();
  await expectText(queue, 'On, with your key');
  // The playground fires the trigger every 2 s (its own, real time): it starts the automatic run.
  await waitUntil(
    async () => (await playground.api.call<{ runs: unknown[] }>('getProgress')).runs.length > 0,
    30_000,
  );
  expect(await sidebar.locator('.run').count()).toBe(0);
  await page.clock.runFor(BUSY_PEEK_MS);
  await sidebar.locator('.run').first().waitFor({ timeout: 5000 });
  await sidebarShot(page, 'live-automatic-run-listed');
});

test('a charge made elsewhere shows in the header and the plan as one balance', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await playground.api.select('A2:D3', 'People');
  await openWithClock('Enrich selected rows');
  const sidebar = sidebarOf(page);
  const header = sidebar.locator('#credit-balance');
  const cost = sidebar.locator('[role="tabpanel"]:not([hidden]) .cost');
  await expectText(cost, 'of your ');
  const before = await header.textContent();
  expect(await cost.textContent()).toContain(`of your ${before}`);

  // Another execution (the trigger's automatic run, an import, a schedule tick) spends credits.
  // (Formula requests for rows the panel does not plan: the panel's selection stays as it is.)
  await typeInto('People', 4, 6, '=ENRICH_EMAIL(A4,B4,C4)');
  const plan = await playground.api.call<{ planId: string }>('planFormulaRun', { kind: 'enrich' });
  await playground.api.call('startRun', plan.planId);
  await waitUntil(async () => {
    const view = await playground.api.call<{ pending: boolean }>('pollJobs');
    return !view.pending;
  }, 30_000);
  const balance = (await playground.api.call<{ balance: number }>('getCreditBalance')).balance;
  expect(balance.toLocaleString('en-US')).not.toBe(before);

  await page.clock.runFor(BUSY_PEEK_MS);
  await expectText(header, balance.toLocaleString('en-US'), 5000);
  await expectText(cost, `of your ${balance.toLocaleString('en-US')}`, 5000);
  await visibleButton(sidebar, 'Start…').waitFor();
  await sidebarShot(page, 'live-one-balance');
});

test('a run that ends elsewhere makes the open Enrich panel plan again: its rows are done', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await playground.api.select('A2:D5', 'People');
  await openWithClock('Enrich selected rows');
  const sidebar = sidebarOf(page);
  const summary = sidebar.locator('[role="tabpanel"]:not([hidden]) .summary');
  await expectText(sidebar.locator('[role="tabpanel"]:not([hidden]) .cost'), 'of your ');

  // The same rows, enriched by another execution (a teammate's sidebar, with the same selection).
  const plan = await playground.api.call<{ planId: string }>('planRun', { kind: 'enrich' });
  await playground.api.call('startRun', plan.planId);
  await waitUntil(async () => !(await playground.api.call<{ pending: boolean }>('pollJobs')).pending, 30_000);
  await page.clock.runFor(BUSY_PEEK_MS);
  await expectText(summary, 'All 4 rows already have results.', 5000);
  await sidebarShot(page, 'live-plan-after-run-elsewhere');
});

test('a search preview shows the same balance as the header after a charge elsewhere', async () => {
  await playground.api.loadSheet('People', { values: PEOPLE });
  await openWithClock('Search companies or people');
  const sidebar = sidebarOf(page);
  const titles = sidebar.getByLabel('Job titles', { exact: true });
  await titles.fill('VP Sales');
  await titles.press('Enter');
  await visibleButton(sidebar, 'Preview').click();
  const preview = sidebar.locator('.search-panel .cost');
  await expectText(preview, ' · balance ');
  const before = await sidebar.locator('#credit-balance').textContent();

  await typeInto('People', 2, 6, '=ENRICH_EMAIL(A2,B2,C2)');
  const plan = await playground.api.call<{ planId: string }>('planFormulaRun', { kind: 'enrich' });
  await playground.api.call('startRun', plan.planId);
  await waitUntil(async () => !(await playground.api.call<{ pending: boolean }>('pollJobs')).pending, 30_000);
  const balance = (await playground.api.call<{ balance: number }>('getCreditBalance')).balance;
  expect(balance.toLocaleString('en-US')).not.toBe(before);
  await page.clock.runFor(BUSY_PEEK_MS);
  await expectText(sidebar.locator('#credit-balance'), balance.toLocaleString('en-US'), 5000);
  await expectText(preview, ` · balance ${balance.toLocaleString('en-US')}`, 5000);
});
