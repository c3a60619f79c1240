/**
 * Refresh old answers in a real browser (issue 41 item 3): rows answered 40 days ago and rows
 * answered today; "Refresh answers older than 30 days" prices only the old ones before
 * anything is sent, and the run says "refresh" in the Jobs panel. Screenshot: sidebar-refresh.
 */
import {
  expectText,
  openSidebarFrom,
  runToTheEnd,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: { width: 1280, height: 900 },
  ready: 'grid',
});

const DAY = 86_400_000;
const panel = () => sidebarOf(page).locator('[role=tabpanel]:not([hidden])');
const idle = () => sidebarOf(page).locator('[role=tabpanel]:not([hidden]):not([aria-busy])').waitFor();

async function advanceClock(ms: number): Promise<void> {
  const response = await fetch(new URL('__api/clock', playground.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(response.ok).toBe(true);
}

test('the sidebar prices a refresh of the answers older than 30 days, and runs it as "refresh"', async () => {
  await runToTheEnd(playground.api, 'A2:D4', ['work_email']);
  await advanceClock(40 * DAY);
  await runToTheEnd(playground.api, 'A5:D6', ['work_email']);

  await playground.api.select('A2:D6', 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  await idle();
  await expectText(panel().locator('.summary'), 'already');
  await panel().getByLabel('Older than (days)').fill('30');
  const everyRow = panel().getByRole('checkbox', { name: 'Look up rows that already have results again' });
  await everyRow.check();
  await idle();
  // One or the other: the refresh takes the place of "look up again" for every row.
  await panel()
    .getByRole('checkbox', { name: /Refresh answers older than/ })
    .check();
  await idle();
  expect(await everyRow.isChecked()).toBe(false);
  // Three rows answered 40 days ago, one credit each for a work email: the price before anything is sent.
  await expectText(panel().locator('.cost'), '3 credits');
  const jobsBefore = (await playground.api.apiJobs()).length;
  await visibleButton(sidebarOf(page), 'Start…').click();
  const confirm = panel().locator('.confirm:not([hidden])');
  await expectText(confirm, 'Spend up to 3 credits on 3 contacts');
  await panel().locator('.cost').scrollIntoViewIfNeeded();
  await sidebarShot(page, 'sidebar-refresh');
  expect((await playground.api.apiJobs()).length).toBe(jobsBefore);

  await confirm.getByRole('button', { name: 'Start', exact: true }).click();
  const run = sidebarOf(page).locator('.run').first();
  await expectText(run.locator('.badge'), 'Finished', 30_000);
  await expectText(run.locator('.run-source'), 'refresh');
  const jobs = await playground.api.apiJobs();
  expect(jobs.slice(jobsBefore).map((job) => job.total)).toEqual([3]);
});

test('a schedule saved with "look up again answers older than 30 days" refreshes them on a tick with no new rows', async () => {
  await runToTheEnd(playground.api, 'A2:D13', ['work_email', 'phone']);
  await advanceClock(40 * DAY);
  const jobsBefore = (await playground.api.apiJobs()).length;
  await openSidebarFrom(page, 'Settings');
  const box = sidebarOf(page).locator('section.schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('Look up again answers older than (days)').fill('30');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  await expectText(box, 'Runs every hour with your key on "Contacts".');
  await expectText(box, 'Run now sends the new rows (or, with none, the answers older than 30 days) at once');
  await box.getByLabel('Look up again answers older than (days)').scrollIntoViewIfNeeded();
  await sidebarShot(page, 'sidebar-schedule-refresh');
  // The playground fires the trigger: a tick with no new rows sends the twelve old answers, once.
  await expectText(box, 'Sent 12 contacts', 30_000);
  const jobs = (await playground.api.apiJobs()).slice(jobsBefore);
  expect(jobs.map((job) => job.total)).toEqual([12]);
  expect((await playground.api.call<{ refreshDays?: number }>('getSchedule')).refreshDays).toBe(30);
});
