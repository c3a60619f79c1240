/**
 * Undo a run in a real browser (issue 41): the finished run's card offers "Undo…", asks first with
 * how many cells it puts back and that the answers stay saved, then every cell the run wrote is
 * back as it was, but the one the user typed into since, which the card counts.
 */
import {
  columnValues,
  expectText,
  openSidebarFrom,
  pageShot,
  runToTheEnd,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 900 },
  ready: 'grid',
});

test('a user undoes a run: cells back as they were, a row edited since left whole and counted', async () => {
  await runToTheEnd(playground.api, 'A2:D6', ['work_email']);
  const ran = await playground.api.sheet('Contacts');
  const header = ran.values[0]!.map(String);
  const status = header.indexOf('Status') + 1;
  expect(
    columnValues(ran, 'Status')
      .slice(0, 5)
      .every((cell) => cell !== ''),
  ).toBe(true);
  const written = ran.values
    .slice(1, 6)
    .flatMap((row) => row.slice(status - 1))
    .filter((cell) => cell !== '' && cell !== undefined).length;
  const rowWritten = ran.values[2]!.slice(status - 1).filter(
    (cell) => cell !== '' && cell !== undefined,
  ).length;

  // The user types over the Status of row 3 (the grid's own editor): the undo leaves that row whole.
  await page.locator(`td[data-row="3"][data-column="${status}"]`).click();
  await page.keyboard.type('checked by hand');
  await page.keyboard.press('Enter');

  await openSidebarFrom(page, 'Open sidebar');
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  const run = sidebar.locator('.run').first();
  await expectText(run.locator('.badge'), 'Finished');
  await run.getByRole('button', { name: 'Undo…' }).click();
  await expectText(
    run.locator('.confirm'),
    `Put back what the ${written} cells this run wrote held before? Its answers stay saved: running it again costs nothing.`,
  );
  await sidebarShot(page, 'sidebar-undo-confirm');
  await run.locator('.confirm').getByRole('button', { name: 'Undo run', exact: true }).click();
  await expectText(
    sidebar.locator('.run').first().locator('.run-undone'),
    `Undone: ${written - rowWritten} cells put back, 1 row edited since left as it was.`,
  );
  await expect(sidebar.locator('.run').first().getByRole('button', { name: 'Undo…' }).count()).resolves.toBe(
    0,
  );
  await sidebarShot(page, 'sidebar-undone');

  // A run of the demo's formula requests writes no cell of its own: no "Undo…" on its card.
  const queue = sidebar.locator('.formula-queue');
  await queue.getByRole('button', { name: 'Get them…' }).click();
  await queue.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  const formulaRun = sidebar.locator('.run', { hasText: 'formulas (manual)' });
  await expectText(formulaRun.locator('.badge'), 'Finished', 20_000);
  await expect(formulaRun.getByRole('button', { name: 'Undo…' }).count()).resolves.toBe(0);

  const undone = await playground.api.sheet('Contacts');
  const outputs = undone.values.slice(1, 6).map((row) => row.slice(status - 1).map((cell) => cell ?? ''));
  expect([...outputs.slice(0, 1), ...outputs.slice(2)].flat().filter((cell) => cell !== '')).toEqual([]);
  expect(outputs[1]).toEqual(
    ran.values[2]!.slice(status - 1).map((cell, c) => (c === 0 ? 'checked by hand' : (cell ?? ''))),
  );
  await pageShot(page, 'playground-undone');
});

test('an undone run out of credits no longer offers "Run the rest": its rows no longer say it', async () => {
  await playground.api.setCredits(4);
  await runToTheEnd(playground.api, 'A2:D11', ['personal_email']);
  await openSidebarFrom(page, 'Open sidebar');
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  const run = sidebar.locator('.run').first();
  await expectText(run.locator('.badge'), 'Out of credits');
  await run.getByRole('button', { name: /^Run the rest/ }).waitFor();
  await run.getByRole('button', { name: 'Undo…' }).click();
  await run.locator('.confirm').getByRole('button', { name: 'Undo run', exact: true }).click();
  await expectText(sidebar.locator('.run').first().locator('.run-undone'), 'Undone: ');
  await expect(
    sidebar
      .locator('.run')
      .first()
      .getByRole('button', { name: /^Run the rest/ })
      .count(),
  ).resolves.toBe(0);
  await sidebarShot(page, 'sidebar-undone-out-of-credits');
  const statuses = columnValues(await playground.api.sheet('Contacts'), 'Status').slice(0, 10);
  expect(statuses.filter((status) => status !== '' && status !== undefined)).toEqual([]);
});
