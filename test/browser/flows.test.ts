/**
 * The twenty flows a new user tries (docs/flows.md), walked in Chromium at 1366×800 over the
 * playground, one screenshot each (test/artifacts/flow-NN-*.png). After each flow the screen is
 * clean: no raw id or developer word where a user reads (ids only in the log's "(for support)"
 * columns and a search tab's id column, last), axe finds no moderate, serious or critical issue,
 * and the card, the rows, the toast and the log tell one story.
 */
import { DEMO_KEY } from '../../dev/emulator/options';
import type { Locator } from 'playwright-core';
import {
  axeProblems,
  columnValues,
  expectText,
  openSidebarFrom,
  pageShot,
  sidebarOf,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
  type PlaygroundApi,
} from './support';

const JOB_MS = 300;
const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  jobMs: JOB_MS,
  timeout: 150_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

/** Words a user must never read: API enums, workspace, person and company ids, UUIDs, a program's leftovers. */
const RAW =
  /out_of_credits|\bws_\w|\bper_\w|\bcmp_\w|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bundefined\b|\bNaN\b|\[object /i;
/** Where ids may stand: last in a row, under a header that says they are for support (or a search tab's key). */
const ID_COLUMN = /\(for support\)$|^(Person|Company) ID$/;

const LOG = 'Sheet Enrich log';
const problems: string[] = [];

/** The cells of every visible tab a user reads, but the id columns kept for support. */
async function sheetProblems(api: PlaygroundApi, flow: string): Promise<string[]> {
  const { sheets } = await pageState();
  const found: string[] = [];
  for (const name of sheets) {
    if (name.startsWith('_')) continue;
    const { displayValues } = await api.sheet(name);
    const header = displayValues[0] ?? [];
    displayValues.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (ID_COLUMN.test(header[c] ?? '') && c >= header.length - 2) return;
        if (RAW.test(cell)) found.push(`${flow}: ${name}!R${r + 1}C${c + 1} "${cell.slice(0, 80)}"`);
      }),
    );
  }
  return found;
}

/** What the user reads now: the sidebar, the toasts, the tabs; and axe over the sidebar. */
async function clean(flow: string): Promise<void> {
  await pageShot(page, `flow-${flow}`);
  const sidebarOpen = await page.locator('#sidebar-frame').isVisible();
  const texts = [
    await page
      .locator('#toasts')
      .innerText()
      .catch(() => ''),
  ];
  if (sidebarOpen) texts.push(await sidebarOf(page).locator('body').innerText());
  for (const text of texts)
    for (const line of text.split('\n'))
      if (RAW.test(line)) problems.push(`${flow}: "${line.slice(0, 120)}"`);
  problems.push(...(await sheetProblems(playground.api, flow)));
  if (sidebarOpen) problems.push(...(await axeProblems(page, flow)));
}

interface PageState {
  sheets: string[];
  formulas: string[][];
  messages: { id: number; title: string; text: string }[];
}

async function pageState(): Promise<PageState> {
  return (await (await fetch(new URL('__test/state', playground.url))).json()) as PageState;
}

/** The toasts shown since the flow began (the page drops each after a few seconds; the playground keeps them). */
let toastsSeen = 0;
async function toastsSince(): Promise<string> {
  return (await pageState()).messages
    .filter((message) => message.id >= toastsSeen)
    .map((message) => message.text)
    .join('\n');
}

/** Waits for a toast of this flow saying `text`. */
async function toastSays(text: string): Promise<void> {
  await waitUntil(async () => (await toastsSince()).includes(text), 20_000).catch(async () => {
    throw new Error(`No toast says "${text}": ${await toastsSince()}`);
  });
}

/** The log's last row, by header. */
async function lastLogRow(): Promise<Record<string, string>> {
  const log = await playground.api.sheet(LOG);
  return Object.fromEntries(log.displayValues[0]!.map((name, i) => [name, log.displayValues.at(-1)![i]!]));
}

const cell = (row: number, column: number) => page.locator(`td[data-row="${row}"][data-column="${column}"]`);

async function menu(label: string): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'Sheet Enrich' }).hover();
  await page.getByRole('menuitem', { name: label }).click();
}

// Each test a new emulator too: its rate limit (60 requests a minute) counts the tests before.
beforeEach(async () => {
  toastsSeen = 0;
  await playground.api.resetApi(JOB_MS);
});

afterEach(() => {
  const found = problems.splice(0);
  expect(found).toEqual([]);
});

test('flows 1–9: key, a first run, formulas, a range formula, convert, look up again, the log, the Jobs panel', async () => {
  // 1. Set the key in Settings: Verify, then Save.
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  await sidebar.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
  await sidebar.getByRole('button', { name: 'Verify', exact: true }).click();
  const keyNotice = sidebar.locator('form[aria-label="Your API key"] .notice');
  await expectText(keyNotice, 'This key works. Save it to use it.');
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  await expectText(sidebar.locator('body'), 'Saved key');
  await clean('01-set-key');

  // 2. A wrong key: refused, not saved, what was typed kept.
  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await sidebar.getByLabel('API key', { exact: true }).fill('sk-wrong-1234');
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  await expectText(keyNotice, 'The API refused this key, so it was not saved');
  expect(await sidebar.getByLabel('API key', { exact: true }).inputValue()).toBe('sk-wrong-1234');
  await clean('02-wrong-key');
  await sidebar.getByLabel('API key', { exact: true }).fill('');

  // 3. A first run on selected rows: card, rows, toast and log say the same.
  await finishedAlike(await startRun('A2:D6'), 'Contacts', 5);
  await toastSays('5 of 5');
  await clean('03-first-run');

  // 4. Per-cell formulas, typed, then Jobs › Get them… pays for their answers (the first free columns).
  const free = (await playground.api.sheet('Contacts')).values[0]!.length + 1;
  for (const row of [7, 8]) {
    await cell(row, free).click();
    await page.keyboard.type(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    await page.keyboard.press('Enter');
  }
  for (const row of [7, 8]) await expectText(cell(row, free), '⏳ queued');
  await getThem(2);
  for (const row of [7, 8])
    await waitUntil(async () => !(await cell(row, free).innerText()).startsWith('⏳'), 20_000);
  await clean('04-formulas-get-them');

  // 5. A range formula: one formula, its answers spilled down, bought the same way.
  await cell(9, free + 1).click();
  await page.keyboard.type('=ENRICH_PERSONAL_EMAIL(A9:A11,B9:B11,C9:C11)');
  await page.keyboard.press('Enter');
  for (const row of [9, 10, 11]) await expectText(cell(row, free + 1), '⏳ queued');
  await getThem(3);
  for (const row of [9, 10, 11])
    await waitUntil(async () => !(await cell(row, free + 1).innerText()).startsWith('⏳'), 20_000);
  await clean('05-range-formula');

  // 6. Convert formulas to values, the spill of the range formula whole: the toast counts what the cells hold.
  const shown = async () => {
    const grid = (await playground.api.sheet('Contacts')).displayValues;
    return [grid[6]![free - 1]!, grid[7]![free - 1]!, grid[8]![free]!, grid[9]![free]!, grid[10]![free]!];
  };
  const before = await shown();
  expect(before.some((text) => text.startsWith('#') || text.startsWith('⏳'))).toBe(false);
  // The user's own array formula between ours, spilling over rows 10-11 (Sheets: no value of their own).
  await cell(10, free).click();
  await page.keyboard.type('=ARRAYFORMULA(B10:B11)');
  await page.keyboard.press('Enter');
  const names = (await playground.api.sheet('Contacts')).displayValues.slice(9, 11).map((row) => row[1]);
  await waitUntil(async () => (await cell(11, free).innerText()) === names[1], 30_000);
  await playground.api.select('A7:D11', 'Contacts');
  await menu('Convert formulas to values');
  const filled = before.filter((text) => text !== '').length;
  await toastSays(`3 formulas (${filled} cells) now show their values as text`);
  expect(await shown()).toEqual(before);
  // Its spill was not written over: it still shows, no #REF!.
  const user = (await playground.api.sheet('Contacts')).displayValues
    .slice(9, 11)
    .map((row) => row[free - 1]);
  expect(user).toEqual(names);
  const formulas = (await (await fetch(new URL('__test/state', playground.url))).json()) as {
    formulas: string[][];
  };
  expect(
    formulas.formulas
      .slice(6, 11)
      .flatMap((row) => row.slice(free - 1, free + 1))
      .filter(Boolean),
  ).toEqual(['=ARRAYFORMULA(B10:B11)']);
  await clean('06-convert');

  // 7. Look up again: the rows of the first run, asked anew at the price it says.
  const lookUpAgain = () =>
    sidebar
      .getByRole('button', { name: /^Look up again/ })
      .first()
      .click();
  await finishedAlike(await startRun('A2:D3', { beforeStart: lookUpAgain }), 'Contacts', 2);
  await clean('07-look-up-again');

  // 8. The log tab: one word per outcome, whose key paid, ids last and labelled.
  await page.getByRole('tab', { name: LOG }).click();
  const log = await playground.api.sheet(LOG);
  const header = log.displayValues[0]!;
  expect(header.slice(-2)).toEqual(['Run id (for support)', 'Job ids (for support)']);
  const outcomes = columnValues(log, 'Outcome');
  expect(
    outcomes.every((outcome) =>
      ['finished', 'out of credits', 'failed', 'canceled'].includes(String(outcome)),
    ),
  ).toBe(true);
  await clean('08-log-tab');
  await page.getByRole('tab', { name: 'Contacts' }).click();

  // 9. The Jobs panel: every run's card, the words the log uses.
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  await expect(sidebar.locator('.run').count()).resolves.toBe(4);
  await clean('09-jobs-panel');
});

/** Jobs › Get them…: the queue's price asked, then its run to the end. */
async function getThem(requests: number): Promise<void> {
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  const queue = sidebar.locator('.formula-queue');
  await expectText(queue, plural(requests, 'formula request'));
  const runs = await sidebar.locator('.run').count();
  await queue.getByRole('button', { name: 'Get them…' }).click();
  await queue.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await waitUntil(async () => (await sidebar.locator('.run').count()) > runs, 20_000);
  await expectText(sidebar.locator('.run').first().locator('.badge'), 'Finished', 30_000);
  await expectText(sidebar.locator('.run').first().locator('.run-count'), `${requests} of ${requests}`);
  await toastSays(`Formula requests: `);
  await toastSays(` of ${plural(requests, 'contact')} found`);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'finished', 'Contacts sent': String(requests) });
  // The queue is empty once its run took the requests: nothing says they still wait.
  await waitUntil(async () => !(await queue.innerText()).includes('formula request'), 20_000);
}

/** Starts an enrich run of `fields` on `rows` from the Enrich tab, as a user does; its card. */
interface RunAsked {
  fields?: string[];
  /** Before Start… (Look up again), and between Start… and its confirmation. */
  beforeStart?: () => Promise<void>;
  beforeConfirm?: () => Promise<void>;
  sheet?: string;
  panel?: 'Enrich' | 'Reverse';
}

async function startRun(rows: string, asked: RunAsked = {}) {
  const { fields, beforeStart, beforeConfirm, sheet = 'Contacts', panel = 'Enrich' } = asked;
  const sidebar = sidebarOf(page);
  if (fields) await playground.api.call('planRun', { kind: 'enrich', fields });
  await playground.api.select(rows, sheet);
  await sidebar.getByRole('tab', { name: panel }).click();
  await visibleButton(sidebar, 'Refresh selection').click();
  const [first, last] = rows.replace(/[A-Z]/g, '').split(':');
  await expectText(
    sidebar.locator('[role="tabpanel"]:not([hidden]) .selection'),
    `${sheet} · ${first === last ? `row ${first}` : `rows ${first}–${last}`}`,
  );
  await beforeStart?.();
  const runs = await sidebar.locator('.run').count();
  await visibleButton(sidebar, 'Start…').click();
  await beforeConfirm?.();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await waitUntil(async () => (await sidebar.locator('.run').count()) > runs, 20_000);
  return sidebar.locator('.run').first();
}

/** A run that found what it could for all `count` rows: its card, its rows' Status and its log row agree. */
async function finishedAlike(run: Locator, sheet: string, count: number, what = 'contacts'): Promise<void> {
  await expectText(run.locator('.badge'), 'Finished', 30_000);
  await expectText(run.locator('.run-count'), `${count} of ${count} ${what} done`);
  const statuses = columnValues(await playground.api.sheet(sheet), 'Status').slice(0, count);
  expect(statuses.every((status) => /^(found|not found)$/.test(String(status)))).toBe(true);
  expect(await lastLogRow()).toMatchObject({ Outcome: 'finished', 'Contacts sent': String(count) });
}

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

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

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
