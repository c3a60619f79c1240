/**
 * A user in a real browser recovers from a wrong key without spending unasked, and cancels a run:
 * the real sidebar and dist/Code.js against the emulator.
 */
import {
  axeProblems,
  columnValues,
  expectText,
  sidebarOf,
  sidebarShot,
  startOnContacts,
  usePlaygroundPage,
  visibleButton,
} from './support';

const DEMO_KEY = 'demo-key-sheet-enrich';

const { page, playground } = usePlaygroundPage({
  // Jobs that take a while: a run is still running when the user cancels it.
  jobMs: 6000,
  timeout: 90_000,
  viewport: { width: 1280, height: 1100 },
  ready: 'sidebar',
});

const startOn = (rows: string) => startOnContacts(page, playground.api, rows);

test('a refused key: the run waits, Start says why, and a good key resumes only when the user says so', async () => {
  const runId = await startOn('A2:D4');
  const sidebar = sidebarOf(page);
  const run = sidebar.locator(`.run[data-run-id="${runId}"]`);
  // The key is replaced by a wrong one while the jobs run: the next poll is refused and the run waits.
  await playground.api.saveRevokedKey('sk-wrong-0000');
  await expectText(
    run.locator('.run-error'),
    'The run is waiting: save your API key in Settings, then resume it',
    20_000,
  );
  await expectText(run.locator('.badge'), 'Waiting for key');

  // Planning more rows meanwhile: Start is off, with the API's reason where the cost would be.
  await playground.api.select('A5:D6', 'Contacts');
  await sidebar.getByRole('tab', { name: 'Enrich' }).click();
  await expectText(sidebar.locator('.cost').first(), 'Save a working key in Settings to start.');
  expect(await visibleButton(sidebar, 'Start…').isDisabled()).toBe(true);

  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await sidebar.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  // Saving the good key resumes nothing: the Jobs panel asks, with the most it may cost.
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const banner = sidebar.locator('.stopped-by-key');
  await expectText(banner, '1 stopped run waits for a working API key.');
  await banner.getByRole('button', { name: 'Resume…' }).click();
  // Its jobs were all sent before the key was refused: resuming only collects their answers.
  await expectText(
    banner.locator('.confirm'),
    'Resume the 1 stopped run: no new credits (their jobs were already sent)?',
  );
  await sidebarShot(page, 'sidebar-jobs-resume');
  // The panel reads the progress every 2 s while a run is pending: the question stays while read.
  await page.waitForTimeout(4_500);
  await expectText(banner.locator('.confirm'), 'Resume the 1 stopped run');
  await banner.getByRole('button', { name: 'Resume', exact: true }).click();

  await expectText(run.locator('.badge'), 'Finished', 40_000);
  const after = await playground.api.sheet('Contacts');
  expect(
    columnValues(after, 'Work email')
      .slice(0, 3)
      .some((email) => String(email).includes('@')),
  ).toBe(true);
});

test('Cancel is offered only while jobs wait to be sent, and says exactly what it stops', async () => {
  // Every job of this run is sent at Start: nothing is left to cancel, so no Cancel… is offered.
  const sentId = await startOn('A2:D6');
  const sidebar = sidebarOf(page);
  const sent = sidebar.locator(`.run[data-run-id="${sentId}"]`);
  await expectText(sent.locator('.run-working'), 'Working on it');
  expect(await sent.getByRole('button', { name: 'Cancel…' }).count()).toBe(0);
  await sidebarShot(page, 'sidebar-jobs-no-cancel');

  // A start the API refused (the key changed meanwhile) leaves its job queued: that one can be canceled.
  await playground.api.select('A7:D9', 'Contacts');
  await sidebar.getByRole('tab', { name: 'Enrich' }).click();
  await expectText(sidebar.locator('.selection').first(), 'rows 7–9');
  await visibleButton(sidebar, 'Start…').click();
  await playground.api.saveRevokedKey('sk-wrong-0000');
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  const waiting = sidebar.locator('.run', { hasText: '0 of 3 contacts done' });
  await expectText(waiting.locator('.badge'), 'Waiting for key', 20_000);
  const queued = sidebar.locator(`.run[data-run-id="${await waiting.getAttribute('data-run-id')}"]`);
  // The first run waits for the key too, but its job was sent: still nothing to cancel there.
  expect(await sent.getByRole('button', { name: 'Cancel…' }).count()).toBe(0);
  await queued.getByRole('button', { name: 'Cancel…' }).click();
  await expectText(queued.locator('.confirm'), '3 contacts not sent yet will not be sent (no credits).');
  // The confirmation has the focus: Enter answers it.
  const cancelRun = queued.getByRole('button', { name: 'Cancel run' });
  expect(await cancelRun.evaluate((element) => element === document.activeElement)).toBe(true);
  await sidebarShot(page, 'sidebar-jobs-cancel');
  // The stopped-by-key banner and the cancel confirmation pass axe (serious and critical rules).
  expect(await axeProblems(page, 'jobs cancel confirmation')).toEqual([]);
  // Reads of the progress meanwhile (every 2 s) leave the question and its focus where they are.
  await page.waitForTimeout(4_500);
  expect(await cancelRun.evaluate((element) => element === document.activeElement)).toBe(true);
  await cancelRun.press('Enter');
  await expectText(queued.locator('.badge'), 'Canceled', 30_000);
  const rows = await playground.api.sheet('Contacts');
  expect(
    columnValues(rows, 'Status')
      .slice(5, 8)
      .map((status) => String(status)),
  ).toEqual(['canceled', 'canceled', 'canceled']);
});

test('Retry of a start whose answer was lost asks inline, and the question outlives the redraws', async () => {
  // Every job start's answer is lost (the job may exist and be charged): the job is ambiguous.
  await playground.api.apiFaults('lost=1');
  try {
    const runId = await startOn('A2:D3');
    const run = sidebarOf(page).locator(`.run[data-run-id="${runId}"]`);
    const card = run.locator('.ambiguous-job');
    await card.waitFor({ timeout: 20_000 });
    await playground.api.apiFaults('lost=0');

    await card.getByRole('button', { name: /^Retry \(up to \d+ credits\)…$/ }).click();
    const question = card.locator('.confirm');
    await expectText(question, 'these 2 contacts are charged again');
    // Reads of the progress meanwhile (every 2 s) leave the question where it is.
    await page.waitForTimeout(4_500);
    await expectText(question, 'these 2 contacts are charged again', 1_000);
    await question.getByRole('button', { name: 'Retry', exact: true }).click();
    await expectText(run.locator('.badge'), 'Finished', 30_000);
    const statuses = columnValues(await playground.api.sheet('Contacts'), 'Status').slice(0, 2);
    expect(statuses.map(String).filter((status) => /may have been started/.test(status))).toEqual([]);
  } finally {
    await playground.api.apiFaults('lost=0');
  }
});
