/**
 * A schedule set in the real sidebar: saved with the user's key, run by the add-on's trigger (the
 * playground fires it), and logged in the "Sheet Enrich log" tab with what the API charged.
 */
import { openSidebarFrom, expectText, sidebarOf, sidebarShot, usePlaygroundPage } from './support';

const { page, playground } = usePlaygroundPage({
  reset: { sidebar: false },
  timeout: 60_000,
  viewport: { width: 1280, height: 1200 },
  ready: 'grid',
});

test('a schedule saved in Settings runs from the trigger and writes its log row', async () => {
  await openSidebarFrom(page, 'Settings');
  const sidebar = sidebarOf(page);
  const box = sidebar.locator('section.schedule');
  await expectText(box, 'No schedule');
  await box.getByLabel('Sheet').selectOption('Contacts');
  await box.getByLabel('At most per day (credits)').fill('300');
  await box.getByRole('button', { name: 'Save schedule' }).click();
  await expectText(box, 'Runs every hour with your key on "Contacts".');
  await expectText(box, 'UrlFetch calls');
  await sidebarShot(page, 'sidebar-schedule');

  // The playground fires the trigger every 2 s: the first tick sends, a later one collects.
  await page.getByRole('tab', { name: 'Sheet Enrich log' }).waitFor({ timeout: 30_000 });
  const log = await playground.api.sheet('Sheet Enrich log');
  const [header, row] = log.displayValues;
  const column = (name: string) => row![header!.indexOf(name)];
  expect(column('Source')).toBe('schedule');
  expect(column('Sheet')).toBe('Contacts');
  expect(column('Outcome')).toBe('finished');
  expect(Number(column('Contacts sent'))).toBe(12);
  expect(Number(column('Credits charged'))).toBeGreaterThan(0);
  expect(Number(column('Credits charged'))).toBeLessThanOrEqual(300);
  const contacts = await playground.api.sheet('Contacts');
  expect(
    contacts.displayValues.slice(1).filter((cells) => cells.some((cell) => cell.includes('@'))).length,
  ).toBeGreaterThan(5);
});
