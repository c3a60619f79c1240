/**
 * A user in a real browser recovers from a wrong key without spending unasked, and cancels a run:
 * the real sidebar and dist/Code.js against the emulator.
 */
import type { Page } from 'playwright-core';
import {
  chooseMenuItem,
  columnValues,
  expectText,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
  type RunningPlayground,
} from './support';

jest.setTimeout(90_000);

const DEMO_KEY = 'demo-key-sheet-enrich';

const session = usePlaygroundPage({
  // Jobs that take a while: a run is still running when the user cancels it.
  jobMs: 6000,
  viewport: { width: 1280, height: 1100 },
  ready: (page) => sidebarOf(page).getByRole('tab', { name: 'Settings' }).waitFor(),
});
let playground: RunningPlayground;
let page: Page;

beforeEach(() => {
  ({ playground, page } = session);
});

/** Starts a run on rows of the demo's Contacts tab the way a user does: menu, Start…, confirm. */
async function startOnContacts(rows: string): Promise<string> {
  await playground.api.select(rows, 'Contacts');
  await chooseMenuItem(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const run = sidebar.locator('.run').first();
  await run.waitFor();
  return (await run.getAttribute('data-run-id'))!;
}

test('a run stopped by a refused key resumes only when the user says so, after seeing what it may cost', async () => {
  await playground.api.call('saveSettings', { apiKey: 'sk-wrong-0000' });
  const runId = await startOnContacts('A2:D4');
  const sidebar = sidebarOf(page);
  await expectText(
    sidebar.locator(`.run[data-run-id="${runId}"] .run-error`),
    'The run is waiting: save your API key in Settings, then resume it',
  );

  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await sidebar.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  // Saving the good key resumes nothing: the Jobs panel asks, with the most it may cost.
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const banner = sidebar.locator('.stopped-by-key');
  await expectText(banner, '1 stopped run waits for a working API key.');
  const contacts = await playground.api.sheet('Contacts');
  expect(
    columnValues(contacts, 'Work email')
      .slice(0, 3)
      .every((email) => !String(email).includes('@')),
  ).toBe(true);
  await banner.getByRole('button', { name: 'Resume…' }).click();
  // 3 contacts, a work email (1) and a phone (10) each at most.
  await expectText(banner.locator('.confirm'), 'Resume the 1 stopped run: at most 33 credits?');
  await sidebarShot(page, 'sidebar-jobs-resume');
  await banner.getByRole('button', { name: 'Resume', exact: true }).click();

  const run = sidebar.locator(`.run[data-run-id="${runId}"]`);
  await expectText(run.locator('.badge'), 'Finished', 40_000);
  const after = await playground.api.sheet('Contacts');
  expect(
    columnValues(after, 'Work email')
      .slice(0, 3)
      .some((email) => String(email).includes('@')),
  ).toBe(true);
});

test('canceling a run says what it spares, and the run ends as canceled with what landed', async () => {
  const runId = await startOnContacts('A2:D6');
  const sidebar = sidebarOf(page);
  const run = sidebar.locator(`.run[data-run-id="${runId}"]`);
  await expectText(run.locator('.run-working'), 'Working on it');
  await run.getByRole('button', { name: 'Cancel…' }).click();
  await expectText(run.locator('.confirm'), 'already started were paid: their answers are still written.');
  await sidebarShot(page, 'sidebar-jobs-cancel');
  await run.getByRole('button', { name: 'Cancel run' }).click();
  await expectText(run.locator('.badge'), 'Canceled', 30_000);
  await expectText(run.locator('.run-error'), 'Canceled: 0 contacts were not sent');

  await sidebar.getByRole('button', { name: /^Clear \d+ finished$/ }).click();
  await expectText(sidebar.locator('.runs'), 'No runs yet');
});
