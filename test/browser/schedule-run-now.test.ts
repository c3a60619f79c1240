/**
 * Settings › Schedule › Run now in a real browser: after a tick, new rows would wait an hour; Run
 * now sends them at once within the caps and says what it did in one line.
 */
import { expectText, openSidebarFrom, sidebarOf, sidebarShot, usePlaygroundPage, waitUntil } from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 90_000,
  viewport: { width: 1280, height: 1200 },
  ready: 'grid',
});

test('Run now sends the rows added since the last tick at once, within the caps, and says so', async () => {
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  const box = sidebar.locator('section.schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('At most per run (credits)').fill('40');
  await box.getByLabel('At most per day (credits)').fill('100');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  // The playground fires the trigger every 2 s: the first tick is due at once.
  await waitUntil(
    async () =>
      (await playground.api.call<{ lastRunAt?: string } | null>('getSchedule'))?.lastRunAt !== undefined,
    30_000,
  );
  await waitUntil(async () => !(await playground.api.call<{ pending: boolean }>('pollJobs')).pending, 30_000);

  // Three people arrive: the next tick is an hour away.
  const contacts = await playground.api.sheet('Contacts');
  const rows = contacts.values.map((row) => row.slice(0, 4));
  rows.push(
    ['Ada', 'Lovelace', 'Analytical Engines', 'analytical.example'],
    ['Alan', 'Turing', 'Bletchley', 'bletchley.example'],
    ['Grace', 'Hopper', 'Cobol Works', 'cobol.example'],
  );
  await playground.api.loadSheet('Contacts', { values: rows });

  const runNow = box.getByRole('button', { name: 'Run now' });
  await expectText(box, 'Run now sends the new rows at once, within the same caps');
  await runNow.click();
  await expectText(box.locator('.notice'), 'Run now: Sent 3 contacts (at most', 15_000);
  await expectText(box.locator('.schedule-status'), 'Last run');
  // Once Run now's job is in, the header shows what it charged (the next peek saw it).
  await waitUntil(async () => !(await playground.api.call<{ pending: boolean }>('pollJobs')).pending, 30_000);
  const { balance } = await playground.api.call<{ balance: number }>('getCreditBalance');
  await expectText(sidebar.locator('#credit-balance'), balance.toLocaleString('en-US'));
  await sidebarShot(page, 'schedule-run-now');
  const schedule = await playground.api.call<{ committedToday: number; lastOutcome: string }>('getSchedule');
  expect(schedule.lastOutcome).toMatch(/^Sent 3 contacts/);
  expect(schedule.committedToday).toBeLessThanOrEqual(100);
});
