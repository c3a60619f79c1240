/**
 * Out of credits tells one story (issue 40): the rows the API did not process say so in their
 * Status (over an earlier run's "found"), the card counts them once and only the fields asked, and
 * "Run the rest…" sends exactly those rows, after a top-up, at the price it asked.
 */
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import {
  columnValues,
  expectText,
  openSidebarFrom,
  sidebarOf,
  sidebarShot,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

/** A run of `fields` on rows 2–11 from the sidebar's calls, waited for to its end. */
async function runAll(fields: string[]): Promise<void> {
  await playground.api.select('A2:D11', 'Contacts');
  const plan = await playground.api.call<PlanView>('planRun', { kind: 'enrich', fields });
  await playground.api.call('startRun', plan.planId);
  await waitUntil(async () => !(await playground.api.call<ProgressView>('pollJobs')).pending, 30_000);
}

test('out of credits: rows, card and "Run the rest…" tell one story', async () => {
  await runAll(['work_email']);
  // The balance covers one personal email (3 credits) of the ten asked.
  await playground.api.setCredits(4);
  await playground.api.call('planRun', { kind: 'enrich', fields: ['personal_email'] });
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  const run = sidebar.locator('.run').first();
  await expectText(run.locator('.badge'), 'Out of credits', 30_000);

  const statuses = columnValues(await playground.api.sheet('Contacts'), 'Status').slice(0, 10);
  const left = statuses.filter((status) => status === 'out of credits').length;
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(10);
  await expectText(run.locator('.run-count'), `${10 - left} of 10 contacts done · ${left} not processed`);
  const found = (await run.locator('.run-found').textContent())!;
  expect(found).toMatch(/^Found: \d+ contacts? \(\d+ personal emails?\)$/);
  await expect(run.locator('.run-error').count()).resolves.toBe(0);
  const rest = run.getByRole('button', { name: `Run the rest (up to ${3 * left} credits)…` });
  await sidebarShot(page, 'sidebar-out-of-credits');

  await playground.api.setCredits(1000);
  const before = (await playground.api.apiJobs()).length;
  await rest.click();
  await expectText(
    run.locator('.confirm'),
    `Spend up to ${3 * left} credits on the ${left} contacts this run left?`,
  );
  await sidebarShot(page, 'sidebar-run-the-rest');
  await run.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('.run').first().locator('.badge'), 'Finished', 30_000);
  const jobs = await playground.api.apiJobs();
  expect(jobs.slice(before).map((job) => job.total)).toEqual([left]);
  const after = columnValues(await playground.api.sheet('Contacts'), 'Status').slice(0, 10);
  expect(after.filter((status) => status === 'out of credits')).toEqual([]);
});
