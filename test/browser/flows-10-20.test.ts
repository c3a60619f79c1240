/**
 * Flows 10 to 20 of the twenty a new user tries (docs/flows.md): out of credits, cancel, retry, a
 * lost start imported, a search into a new tab, rows deleted, Refresh, a value too long for a cell, a
 * schedule, the Spending view, a reverse lookup; walked in Chromium at 1366×800 over the playground,
 * one screenshot each (test/artifacts/flow-NN-*.png), the screen clean after each (flows-support.ts).
 * Each test starts on a new spreadsheet and emulator with the playground's key: none needs a flow of
 * flows-01-09.test.ts first.
 */
import { DEMO_KEY } from '../../dev/emulator/options';
import { LOG, plural, useFlows } from './flows-support';
import { columnValues, expectText, openSidebarFrom, sidebarOf, visibleButton, waitUntil } from './support';

const { page, playground, clean, toastSays, lastLogRow, cell, startRun, finishedAlike } = useFlows();

const statusesOf = async (from: number, to: number) =>
  columnValues(await playground.api.sheet('Contacts'), 'Status')
    .slice(from - 2, to - 1)
    .map(String);

test('flows 10–13: out of credits and the rest, cancel, retry, a lost start imported (twice)', async () => {
  await playground.api.call('planRun', { kind: 'enrich', fields: ['work_email'] });
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);

  // 10. Out of credits: the balance covers one personal email of ten; the rest after a top-up.
  await playground.api.setCredits(4);
  const short = await startRun('A2:D11', { fields: ['personal_email'] });
  await expectText(short.locator('.badge'), 'Out of credits', 30_000);
  const left = (await statusesOf(2, 11)).filter((status) => status === 'out of credits').length;
  expect(left).toBeGreaterThan(0);
  await expectText(short.locator('.run-count'), `${10 - left} of 10 contacts done · ${left} not processed`);
  expect(await short.locator('.run-found').textContent()).toMatch(
    /^Found: \d+ contacts? \(\d+ personal emails?\)$/,
  );
  await toastSays(`Contacts: ${10 - left} of 10 contacts found (${left} not processed)`);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'out of credits', 'Contacts sent': '10' });
  await clean('10-out-of-credits');
  await playground.api.setCredits(1000);
  await short.getByRole('button', { name: `Run the rest (up to ${3 * left} credits)…` }).click();
  await short.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('.run').first().locator('.badge'), 'Finished', 30_000);
  await expectText(sidebar.locator('.run').first().locator('.run-count'), `${left} of ${left} contacts done`);
  expect((await statusesOf(2, 11)).filter((status) => status === 'out of credits')).toEqual([]);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'finished', 'Contacts sent': String(left) });
  await clean('10-run-the-rest');

  // 11. Cancel: a run whose job waits (the key was revoked) stops before anything is sent.
  // The key is revoked once the run is asked for: its job waits, unsent, and can be canceled.
  const waiting = await startRun('A12:D13', {
    fields: ['work_email'],
    beforeConfirm: () => playground.api.saveRevokedKey('sk-revoked-0001'),
  });
  await expectText(waiting.locator('.badge'), 'Waiting for key', 20_000);
  await waiting.getByRole('button', { name: 'Cancel…' }).click();
  await waiting.getByRole('button', { name: 'Cancel run' }).click();
  await expectText(waiting.locator('.badge'), 'Canceled', 20_000);
  await expectText(waiting.locator('.run-count'), '0 of 2 contacts done · 2 not processed');
  await toastSays('no contact processed (2 of 2 not processed)');
  expect(await statusesOf(12, 13)).toEqual(['canceled', 'canceled']);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'canceled', 'Contacts sent': '0' });
  await clean('11-cancel');
  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await sidebar.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  await expectText(sidebar.locator('form[aria-label="Your API key"] .notice'), 'The saved key works.');

  // 12. Retry: a start whose answer was lost, sent again at the price it asks.
  const lost = await lostStart('A12:D12');
  await lost.getByRole('button', { name: /^Retry \(up to \d+ credits?\)…$/ }).click();
  await lost.getByRole('button', { name: 'Retry', exact: true }).click();
  await expectText(lost.locator('.badge'), 'Finished', 30_000);
  await expectText(lost.locator('.run-count'), '1 of 1 contact done');
  expect(await statusesOf(12, 12)).toEqual([expect.stringMatching(/^(found|not found)$/)]);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'finished' });
  await clean('12-retry');

  // 13. A lost start imported by its id: the run resolves, its log row is rewritten; twice is refused.
  const imported = await lostStart('A13:D13');
  await waitUntil(async () => (await playground.api.apiJobs()).at(-1)?.status === 'FINISHED', 20_000);
  const job = (await playground.api.apiJobs()).at(-1)!;
  const logRows = (await playground.api.sheet(LOG)).displayValues.length;
  const form = sidebar.locator('details.import-any');
  const importIt = async () => {
    if (!(await form.getByLabel('Job id').isVisible())) await form.locator('summary').click();
    await form.getByLabel('Job id').fill(job.id);
    await form.getByRole('button', { name: 'Import', exact: true }).click();
  };
  await importIt();
  await expectText(imported.locator('.badge'), 'Finished', 30_000);
  await expect(imported.getByRole('button', { name: /Retry/ }).count()).resolves.toBe(0);
  expect((await playground.api.sheet(LOG)).displayValues).toHaveLength(logRows);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'finished' });
  await importIt();
  await expectText(form, 'imported already');
  expect((await playground.api.sheet(LOG)).displayValues).toHaveLength(logRows);
  await clean('13-import-twice');
});

/** A run of one row whose job start's answer is lost: its card, once it offers the ways out. */
async function lostStart(rows: string) {
  await playground.api.apiFaults('lost=1');
  try {
    const run = await startRun(rows, { fields: ['work_email'] });
    await run.locator('.ambiguous-job').waitFor({ timeout: 20_000 });
    return run;
  } finally {
    await playground.api.apiFaults('lost=0');
  }
}

/** A search from the Search tab into a new tab, as a user asks for it: its card, once done. */
async function searchIntoTab(kind: 'People' | 'Companies', chip: [string, string], results: number) {
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Search' }).click();
  await sidebar.getByRole('radio', { name: kind }).click();
  const input = sidebar.getByLabel(chip[0], { exact: true });
  await input.fill(chip[1]);
  await input.press('Enter');
  await sidebar.getByLabel('Results to load').fill(String(results));
  await visibleButton(sidebar, 'Preview').click();
  await visibleButton(sidebar, 'Search into a new tab…').click();
  await sidebar
    .locator('.search-panel .confirm:not([hidden])')
    .getByRole('button', { name: 'Load', exact: true })
    .click();
  await expectText(sidebar.locator('.search-tab-state'), 'Done', 30_000);
}

test('flows 14–17: a search into a new tab and Load more, rows deleted, Refresh, a value too long for a cell', async () => {
  await openSidebarFrom(page, 'Search companies or people');
  const sidebar = sidebarOf(page);
  const tabName = 'People · VP Sales';
  const state = sidebar.locator('.search-tab-state');

  // 14. A people search into a new tab, then Load more: card, tab and log agree.
  await searchIntoTab('People', ['Job titles', 'VP Sales'], 20);
  await expectText(state, 'Done · 20 results loaded');
  await sidebar.getByRole('button', { name: 'Load more…' }).click();
  await sidebar
    .locator('.search-panel .confirm:not([hidden])')
    .getByRole('button', { name: 'Load', exact: true })
    .click();
  await expectText(state, 'Done · 40 results loaded', 30_000);
  const rowsOf = async () =>
    (await playground.api.sheet(tabName)).values.slice(1).filter((row) => row.some((value) => value !== ''))
      .length;
  expect(await rowsOf()).toBe(40);
  expect(await lastLogRow()).toMatchObject({ Source: 'search', Outcome: 'finished' });
  await page.getByRole('tab', { name: tabName }).click();
  await expectText(page.locator('.grid'), 'Full name');
  await clean('14-search-load-more');

  // 15. Rows deleted in the playground: Edit › Delete selected rows, and Ctrl+Alt+- on a selection.
  await cell(2, 1).click();
  await cell(3, 1).click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Delete selected rows' }).click();
  await waitUntil(async () => (await rowsOf()) === 38, 30_000);
  await cell(2, 1).click();
  await page.keyboard.press('Control+Alt+Minus');
  await waitUntil(async () => (await rowsOf()) === 37, 30_000);
  await clean('15-delete-rows');

  // 16. Refresh: counts from what the tab holds now, and the rows deleted stay deleted.
  await sidebar.getByRole('tab', { name: 'Search' }).click();
  await expectText(state, '37 results', 20_000);
  await sidebar.getByRole('button', { name: 'Refresh…' }).click();
  const question = sidebar.locator('.search-panel .confirm:not([hidden])');
  await expectText(
    question,
    `Look through the first 40 results of this search again and add new ones to "${tabName}" (37 rows now)`,
  );
  await clean('16-search-refresh-question');
  await question.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expectText(state, 'Done · 37 results loaded', 30_000);
  expect(await rowsOf()).toBe(37);
  await clean('16-search-refreshed');

  // 17. A page whose value is longer than a cell holds lands, the value cut and saying so.
  await searchIntoTab('Companies', ['Industries', 'Zymurgy Research'], 5);
  await expectText(state, 'Done · 1 result loaded');
  const tab = await playground.api.sheet('Companies · Zymurgy Research');
  const description = String(columnValues(tab, 'Description')[0]);
  expect(description).toHaveLength(50_000);
  expect(description.endsWith('… [cut: a cell holds 50,000 characters]')).toBe(true);
  await clean('17-long-value');
});

test('flows 18–20: a schedule and Run now, the Spending view, a reverse lookup', async () => {
  await playground.api.call('planRun', { kind: 'enrich', fields: ['work_email'] });
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);

  // 18. A schedule on the Contacts tab, then Run now for rows added since its tick.
  const box = sidebar.locator('section.schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('At most per run (credits)').fill('300');
  await box.getByLabel('At most per day (credits)').fill('1000');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  const settled = async () => !(await playground.api.call<{ pending: boolean }>('pollJobs')).pending;
  await waitUntil(
    async () =>
      (await playground.api.call<{ lastRunAt?: string } | null>('getSchedule'))?.lastRunAt !== undefined &&
      (await settled()),
    30_000,
  );
  // Two people typed below the others, Tab from cell to cell as in Sheets.
  for (const [row, person] of [
    [14, ['Ada', 'Lovelace', 'Analytical Engines', 'analytical.example']],
    [15, ['Alan', 'Turing', 'Bletchley', 'bletchley.example']],
  ] as const) {
    await cell(row, 1).click();
    for (const value of person) {
      await page.keyboard.type(value);
      await page.keyboard.press(value === person.at(-1) ? 'Enter' : 'Tab');
    }
  }
  await waitUntil(
    async () => (await playground.api.sheet('Contacts')).values[14]?.[3] === 'bletchley.example',
    30_000,
  );
  await box.getByRole('button', { name: 'Run now' }).click();
  await expectText(box.locator('.notice'), 'Run now: Sent 2 contacts (at most', 15_000);
  await waitUntil(settled, 30_000);
  await toastSays('Contacts: ');
  expect(await lastLogRow()).toMatchObject({ Source: 'schedule', Outcome: 'finished', 'Contacts sent': '2' });
  // Its run ended (the toast said so): Run now again does not say it is still working.
  await box.getByRole('button', { name: 'Run now' }).click();
  await box.locator('.notice').waitFor();
  await page.waitForTimeout(500);
  expect(await box.locator('.notice').innerText()).not.toContain('still working');
  await clean('18-schedule-run-now');

  // 19. The Spending view counts what the log says was charged.
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  const log = await playground.api.sheet(LOG);
  const charged = columnValues(log, 'Credits charged').reduce<number>((sum, value) => sum + Number(value), 0);
  const view = sidebar.locator('section.spending');
  await expectText(view, `Today: ${plural(charged, 'credit')}`);
  await view.scrollIntoViewIfNeeded();
  await clean('19-spending-view');

  // 20. A reverse lookup of three emails: card, rows and log say the same.
  await page.getByRole('tab', { name: 'Emails' }).click();
  // One noun on the card and in the toast: a reverse lookup sends emails, and finds profiles.
  await finishedAlike(await startRun('A2:A4', { sheet: 'Emails', panel: 'Reverse' }), 'Emails', 3, 'emails');
  await toastSays('of 3 emails found');
  await clean('20-reverse-lookup');
});
