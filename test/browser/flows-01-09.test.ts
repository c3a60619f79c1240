/**
 * Flows 1 to 9 of the twenty a new user tries (docs/flows.md): the key, a first run, formulas, a
 * range formula, convert, look up again, the log, the Jobs panel; walked in Chromium at 1366×800 over
 * the playground, one screenshot each (test/artifacts/flow-NN-*.png). After each flow the screen is
 * clean: no raw id or developer word where a user reads (ids only in the log's "(for support)"
 * columns and a search tab's id column, last), axe finds no moderate, serious or critical issue,
 * and the card, the rows, the toast and the log tell one story (flows-support.ts).
 */
import { DEMO_KEY } from '../../dev/emulator/options';
import { LOG, plural, useFlows } from './flows-support';
import { columnValues, expectText, openSidebarFrom, sidebarOf, waitUntil } from './support';

const { page, playground, clean, toastSays, lastLogRow, cell, startRun, finishedAlike } = useFlows();

async function menu(label: string): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'Sheet Enrich' }).hover();
  await page.getByRole('menuitem', { name: label }).click();
}

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
