/**
 * The Enrich panel in a new user's first minutes, at 1366×800 in a real browser: the detected
 * mapping in one line with Start on screen, a sheet whose headers name nothing known and a sheet
 * with no header row mapped by hand, one clicked cell, and nothing to do. Screenshots go to
 * test/artifacts/.
 */
import {
  columnValues,
  expectText,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
} from './support';

const VIEWPORT = { width: 1366, height: 800 };
const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: VIEWPORT,
  ready: 'grid',
});

const panel = () => sidebarOf(page).locator('[role=tabpanel]:not([hidden])');
/** The panel once its last re-plan has answered. */
const idle = () => sidebarOf(page).locator('[role=tabpanel]:not([hidden]):not([aria-busy])').waitFor();

async function openEnrich(selection: string): Promise<void> {
  await openSidebarFrom(page, 'Enrich selected rows');
  await expectText(panel().locator('.selection'), selection);
  await idle();
}

/** Picks a column for an input in the open mapping, and waits for the plan it makes. */
async function mapColumn(input: string, option: string): Promise<void> {
  await panel().getByLabel(input, { exact: true }).selectOption({ label: option });
  await idle();
}

async function startAndFinish(): Promise<void> {
  await visibleButton(sidebarOf(page), 'Start…').click();
  await panel().locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebarOf(page).locator('.run .badge').first(), 'Finished', 30_000);
}

test('the detected mapping is one line, and the fields, the cost and Start fit 1366×800', async () => {
  await playground.api.select('A2:D6', 'Contacts');
  await openEnrich('Contacts · rows 2–6');
  await expectText(
    panel().locator('.mapping-summary'),
    'First name A · Last name B · Company name C · Company domain D',
  );
  // "Change", then "Done" once open.
  const change = panel().locator('.mapping-line button');
  await expectText(change, 'Change');
  expect(await change.getAttribute('aria-expanded')).toBe('false');
  await expect(panel().locator('.mapping-fields').isVisible()).resolves.toBe(false);

  const frame = (await page.locator('#sidebar-frame').boundingBox())!;
  const fold = Math.min(VIEWPORT.height, frame.y + frame.height);
  const start = visibleButton(sidebarOf(page), 'Start…');
  for (const shown of [
    panel().getByRole('checkbox', { name: /Mobile phone/ }),
    panel().locator('.max-credits'),
    start,
  ]) {
    const box = (await shown.boundingBox())!;
    expect({ top: box.y >= frame.y, bottom: box.y + box.height <= fold }).toEqual({
      top: true,
      bottom: true,
    });
  }
  await expect(start.isEnabled()).resolves.toBe(true);
  await sidebarShot(page, 'plan-1366x800-compact');

  // Change opens the dropdowns with the values the line names.
  await change.click();
  expect(await change.getAttribute('aria-expanded')).toBe('true');
  await expectText(change, 'Done');
  await expect(panel().getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('1');
  await expect(panel().getByLabel('Company domain', { exact: true }).inputValue()).resolves.toBe('4');

  // The fields are the user's: unticked here, still unticked in a sidebar opened later.
  await panel()
    .getByRole('checkbox', { name: /Mobile phone/ })
    .uncheck();
  await idle();
  await page.reload();
  await page.locator('.grid td').first().waitFor();
  await openEnrich('Contacts');
  await expect(
    panel()
      .getByRole('checkbox', { name: /Mobile phone/ })
      .isChecked(),
  ).resolves.toBe(false);
  await expect(
    panel()
      .getByRole('checkbox', { name: /Work email/ })
      .isChecked(),
  ).resolves.toBe(true);
});

test('headers that name nothing known: the reason on top, the columns mapped by header text', async () => {
  await playground.api.loadSheet('Export', {
    values: [
      ['Col1', 'Col2', 'Col3', 'Col4'],
      ['Ada', 'Lovelace', 'Acme', 'x'],
      ['Grace', 'Hopper', 'Navy', 'y'],
      ['Alan', 'Turing', 'Bletchley', 'z'],
    ],
  });
  await playground.api.select('A2:D4', 'Export');
  await openEnrich('Export · rows 2–4');
  const problem = panel().locator('.plan-problem');
  await expectText(problem, 'No column was recognised by its header');
  // The reason stands above the dropdowns, which opened by themselves.
  const problemBox = (await problem.boundingBox())!;
  const firstName = panel().getByLabel('First name', { exact: true });
  expect(problemBox.y).toBeLessThan((await firstName.boundingBox())!.y);
  await expect(panel().getByRole('checkbox', { name: 'Row 1 holds headers' }).isChecked()).resolves.toBe(
    true,
  );
  await sidebarShot(page, 'plan-unrecognised-headers');

  await mapColumn('First name', 'A · Col1');
  await mapColumn('Last name', 'B · Col2');
  await expectText(problem, 'Some columns are still to choose');
  await mapColumn('Company name', 'C · Col3');
  await expect(problem.isVisible()).resolves.toBe(false);
  await expectText(panel().locator('.mapping-summary'), 'First name A · Last name B · Company name C');
  await expectText(panel().locator('.summary'), '3 contacts to send in 1 job');
  await sidebarShot(page, 'plan-unrecognised-headers-mapped');

  await startAndFinish();
  const statuses = columnValues(await playground.api.sheet('Export'), 'Status');
  expect(statuses.slice(0, 3).every((status) => String(status) !== '')).toBe(true);
});

test('a sheet without a header row: mapped by column letter, started, given its header row', async () => {
  await playground.api.loadSheet('Bare', {
    values: [
      ['Ana', 'Smith', 'Acme', 'acme.com'],
      ['Bo', 'Chen', 'Initech', 'initech.com'],
      ['Cy', 'Diaz', 'Globex', 'globex.com'],
    ],
  });
  await playground.api.select('A1:D3', 'Bare');
  await openEnrich('Bare · rows 1–3');
  const problem = panel().locator('.plan-problem');
  await expectText(problem, 'No header row. Choose which column holds what, by column letter');
  await expect(panel().getByRole('checkbox', { name: 'Row 1 holds headers' }).isChecked()).resolves.toBe(
    false,
  );
  await mapColumn('First name', 'A · e.g. Ana');
  await mapColumn('Last name', 'B · e.g. Smith');
  await mapColumn('Company name', 'C · e.g. Acme');
  await expectText(panel().locator('.summary'), '3 contacts to send');
  await expectText(problem, 'Start adds a header row above row 1');
  await expectText(problem, 'First name · Last name · Company name · Website');
  await sidebarShot(page, 'plan-headerless-mapped');

  await visibleButton(sidebarOf(page), 'Start…').click();
  await expectText(panel().locator('.confirm'), 'Start adds a header row above row 1');
  await panel().locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebarOf(page).locator('.run .badge').first(), 'Finished', 30_000);
  const sheet = await playground.api.sheet('Bare');
  expect(sheet.values[0]!.slice(0, 4)).toEqual(['First name', 'Last name', 'Company name', 'Website']);
  expect(sheet.values[1]!.slice(0, 4)).toEqual(['Ana', 'Smith', 'Acme', 'acme.com']);
  expect(columnValues(sheet, 'Status').slice(0, 3)).not.toContain('');
  await sidebarOf(page).getByRole('tab', { name: 'Enrich' }).click();
  // The panel re-plans the sheet, now with its header row, after the click: the problem goes then.
  await problem.waitFor({ state: 'hidden', timeout: 20_000 });
  await expect(problem.isVisible()).resolves.toBe(false);
  await expectText(panel().locator('.mapping-summary'), 'First name A · Last name B · Company name C');
});

test('one clicked cell plans the whole table, with one click back to its row', async () => {
  await playground.api.select('B7', 'Contacts');
  await openEnrich('Contacts · rows 2–13');
  const note = panel().locator('.cell-note');
  await expectText(note, 'You selected one cell: all 12 rows of this table.');
  await sidebarShot(page, 'plan-one-cell');
  await note.getByRole('button', { name: 'Only row 7' }).click();
  await expectText(panel().locator('.selection'), 'Contacts · row 7');
  await expectText(panel().locator('.summary'), '1 contact to send');
  await expectText(note, 'Only row 7, the row of the selected cell.');
  await note.getByRole('button', { name: 'All rows' }).click();
  await expectText(panel().locator('.selection'), 'Contacts · rows 2–13');
});

test('nothing to do says why: results already there (with the price of looking again), or no rows', async () => {
  await playground.api.select('A2:D3', 'Contacts');
  await openEnrich('Contacts · rows 2–3');
  await startAndFinish();
  await sidebarOf(page).getByRole('tab', { name: 'Enrich' }).click();
  const summary = panel().locator('.summary');
  await expectText(summary, 'All 2 rows already have results.');
  await expectText(summary, 'To ask the API again for 2 contacts');
  await expect(visibleButton(sidebarOf(page), 'Start…').isDisabled()).resolves.toBe(true);
  await sidebarShot(page, 'plan-nothing-to-do');

  await summary.getByRole('button', { name: 'Look up again · up to 22 credits' }).click();
  await expectText(summary, '2 contacts to send');
  await expectText(panel().locator('.max-credits'), '22 credits');
  const overwrite = panel().getByRole('checkbox', { name: /already have results again/ });
  await expect(overwrite.isChecked()).resolves.toBe(true);
  await overwrite.uncheck();
  await idle();

  // The same people on another sheet: their saved results fill it, at no cost and without confirming.
  const contacts = (await playground.api.sheet('Contacts')).values.slice(0, 3).map((row) => row.slice(0, 4));
  await playground.api.loadSheet('Again', { values: contacts });
  await playground.api.select('A2:D3', 'Again');
  await visibleButton(sidebarOf(page), 'Refresh selection').click();
  await expectText(panel().locator('.selection'), 'Again · rows 2–3');
  await expectText(summary, 'Nothing new to look up: 2 rows have saved results.');
  await sidebarShot(page, 'plan-fill-from-saved');
  await visibleButton(sidebarOf(page), 'Fill from saved results').click();
  await expectText(sidebarOf(page).locator('[role=tab][aria-selected=true]'), 'Jobs');
  const filled = columnValues(await playground.api.sheet('Again'), 'Work email');
  expect(filled.slice(0, 2)).toEqual(
    columnValues(await playground.api.sheet('Contacts'), 'Work email').slice(0, 2),
  );

  await sidebarOf(page).getByRole('tab', { name: 'Enrich' }).click();
  await playground.api.select('A1:D1', 'Contacts');
  await visibleButton(sidebarOf(page), 'Refresh selection').click();
  await expectText(summary, 'No data rows in the selection.');
  await expectText(summary, 'click a row number');
  await sidebarShot(page, 'plan-no-rows');
});
