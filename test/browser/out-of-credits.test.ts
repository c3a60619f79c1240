/**
 * Out of credits tells one story (issue 40): the rows the API did not process say so in their
 * Status (over an earlier run's "found"), the card counts them once and only the fields asked, and
 * "Run the rest…" sends exactly those rows, after a top-up, at the price it asked.
 */
import {
  columnValues,
  expectText,
  holdRpc,
  runToTheEnd,
  sidebarOf,
  sidebarShot,
  startOnContacts,
  usePlaygroundPage,
  waitUntil,
} from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: { width: 1366, height: 800 },
  ready: 'grid',
});

/** A personal email run of rows 2–11 on a balance that covers one (3 credits), ended out of credits. */
async function outOfCredits() {
  await playground.api.setCredits(4);
  // The fields chosen last are the ones the sidebar's Start asks.
  await playground.api.call('planRun', { kind: 'enrich', fields: ['personal_email'] });
  await startOnContacts(page, playground.api, 'A2:D11');
  const sidebar = sidebarOf(page);
  const run = sidebar.locator('.run').first();
  await expectText(run.locator('.badge'), 'Out of credits', 30_000);
  return { sidebar, run };
}

test('out of credits: rows, card and "Run the rest…" tell one story', async () => {
  await runToTheEnd(playground.api, 'A2:D11', ['work_email']);
  const { sidebar, run } = await outOfCredits();

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

test('"Run the rest…" asks on the card shown, though the list was redrawn while it planned', async () => {
  const { sidebar, run } = await outOfCredits();
  await playground.api.setCredits(1000);
  // The plan's answer is held until the list was drawn again: on a busy machine a redraw came
  // between the click and the answer, and the question went to the card replaced (stop 63's CI).
  const planning = await holdRpc(page, 'planRest');
  await run.getByRole('button', { name: /^Run the rest \(up to \d+ credits\)…$/ }).click();
  await waitUntil(async () => planning.asked(), 10_000);
  const redrawn = page.waitForResponse((response) => !!response.request().postData()?.includes('"pollJobs"'));
  await sidebar.getByRole('button', { name: 'Refresh now' }).click();
  await redrawn;
  planning.release();
  await run.locator('.confirm').getByRole('button', { name: 'Start', exact: true }).click({ timeout: 5000 });
  await expectText(sidebar.locator('.run').first().locator('.badge'), 'Finished', 30_000);
});
