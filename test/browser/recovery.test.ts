/**
 * A lost start resolved by "Import a job by its id" (issue 40): its card ends finished with no Retry
 * left, its log row is rewritten (not a second one), and the same id imported again is refused.
 */
import { expectText, sidebarOf, sidebarShot, startOnContacts, usePlaygroundPage, waitUntil } from './support';

const { page, playground } = usePlaygroundPage({
  timeout: 90_000,
  viewport: { width: 1366, height: 800 },
  ready: 'sidebar',
});

test('an imported lost start resolves its run, once', async () => {
  await playground.api.apiFaults('lost=1');
  let runId: string;
  try {
    runId = await startOnContacts(page, playground.api, 'A2:D4');
    await sidebarOf(page).locator('.ambiguous-job').waitFor({ timeout: 20_000 });
  } finally {
    await playground.api.apiFaults('lost=0');
  }
  const sidebar = sidebarOf(page);
  const run = sidebar.locator(`.run[data-run-id="${runId}"]`);
  await waitUntil(
    async () => (await playground.api.apiJobs()).every((job) => job.status === 'FINISHED'),
    20_000,
  );
  const [job] = await playground.api.apiJobs();

  const form = sidebar.locator('details.import-any');
  const importIt = async () => {
    await form.getByLabel('Job id').fill(job!.id);
    await form.getByRole('button', { name: 'Import', exact: true }).click();
  };
  await form.locator('summary').click();
  await importIt();
  await expectText(run.locator('.badge'), 'Finished', 30_000);
  await expectText(run.locator('.run-count'), '3 of 3 contacts done');
  await expect(run.getByRole('button', { name: /Retry/ }).count()).resolves.toBe(0);
  await expect(sidebar.locator('.run').count()).resolves.toBe(1);
  const log = await playground.api.sheet('Sheet Enrich log');
  const state = log.displayValues[0]!.indexOf('Outcome');
  expect(log.displayValues.slice(1).map((row) => row[state])).toEqual(['finished']);

  // The same id again: refused, nothing counted twice.
  if (!(await form.getByLabel('Job id').isVisible())) await form.locator('summary').click();
  await importIt();
  await expectText(form, 'imported already');
  await sidebarShot(page, 'sidebar-import-lost-start');
  await expect(sidebar.locator('.run').count()).resolves.toBe(1);
  expect((await playground.api.sheet('Sheet Enrich log')).displayValues).toHaveLength(2);
});
