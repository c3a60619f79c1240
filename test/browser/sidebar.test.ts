/**
 * The sidebar in a real browser, at the 300 px Sheets gives it: settings with a wrong key, every
 * panel without horizontal scroll (with screenshots), labels and keyboard reach.
 */
import type { Frame } from 'playwright-core';
import { expectText, openSidebarFrom, sidebarOf, sidebarShot, usePlaygroundPage, waitUntil } from './support';

const DEMO_KEY = 'demo-key-sheet-enrich';

const { page, playground } = usePlaygroundPage({
  timeout: 60_000,
  viewport: { width: 1280, height: 1100 },
  ready: 'sidebar',
});

/** The sidebar iframe's document, once it has loaded. */
async function sidebarFrame(): Promise<Frame> {
  const handle = await page.locator('#sidebar-frame').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForLoadState();
  return frame!;
}

test('a wrong API key shows the API reason, and no key ever reaches the page', async () => {
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Settings' }).click();
  await expectText(sidebar.locator('form'), 'Saved key: ••••');
  const keyField = sidebar.getByLabel('API key', { exact: true });
  expect(await keyField.getAttribute('type')).toBe('password');
  expect(await keyField.inputValue()).toBe('');

  await keyField.fill('sk-wrong-0000');
  await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = sidebar.locator('form [role=alert]');
  await expectText(alert, 'copied whole');
  expect((await alert.textContent())!.length).toBeGreaterThan(20);
  // Refused, the key is not saved (issue 30): the working key stays, and so does the balance.
  await expectText(alert, 'The API refused this key, so it was not saved');
  await expectText(sidebar.locator('form'), `Saved key: ••••••••${DEMO_KEY.slice(-4)}`);
  // What was typed stays, to be corrected (issue 40); a password field, never in the page's HTML.
  expect(await keyField.inputValue()).toBe('sk-wrong-0000');
  await expectText(sidebar.locator('.credits'), 'Credits: 10,000');
  await sidebarShot(page, 'sidebar-settings-wrong-key');

  const html = await (await sidebarFrame()).content();
  expect(html).not.toContain('sk-wrong-0000');
  expect(html).not.toContain(DEMO_KEY);
  const served = await (await fetch(new URL('sidebar', playground.url))).text();
  expect(served).not.toContain(DEMO_KEY);
});

test('a tab clicked while the first settings are on their way stays shown', async () => {
  // Hold the new page's first getSettings until the user has clicked a tab.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  await page.route('**/__rpc/**', async (route) => {
    if (!holding && route.request().postData()?.includes('"getSettings"')) {
      holding = true;
      await held;
    }
    await route.continue();
  });
  await openSidebarFrom(page, 'Open sidebar');
  await waitUntil(async () => holding, 15_000);
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  release();
  // The settings arrived (the Settings panel shows the saved key) and the Jobs tab is still shown.
  await expectText(sidebar.locator('form'), 'Saved key: ••••');
  const selected = sidebar.getByRole('tab', { selected: true });
  expect(await selected.textContent()).toBe('Jobs');
  expect(await sidebar.locator('[role=tabpanel]:not([hidden])').getAttribute('aria-labelledby')).toBe(
    await selected.getAttribute('id'),
  );
});

test('every panel fits 300 px without horizontal scroll', async () => {
  // Long headers, a skipped row and long names: what breaks narrow layouts.
  await playground.api.loadSheet('Long', {
    values: [
      [
        'First name of the person we want to reach',
        'Last name',
        'Company name as written in the CRM export',
        'Email',
      ],
      [
        'Maximiliana-Josefina',
        'Oberhauser-Wittelsbach',
        'Internationale Handelsgesellschaft',
        'max@example.com',
      ],
      ['', '', '', ''],
      ['Ana', '', 'Solo', 'not-an-email'],
    ],
  });
  await playground.api.select('A2:D4', 'Long');
  await openSidebarFrom(page, 'Open sidebar');
  const sidebar = sidebarOf(page);
  const frame = await sidebarFrame();
  expect(await page.locator('#sidebar-frame').evaluate((element) => element.clientWidth)).toBe(300);

  for (const tab of ['Enrich', 'Reverse', 'Jobs', 'Settings']) {
    await sidebar.getByRole('tab', { name: tab }).click();
    const panel = sidebar.locator('[role=tabpanel]:not([hidden])');
    await panel.waitFor();
    if (tab === 'Enrich' || tab === 'Reverse') {
      await expectText(panel.locator('.selection'), 'Long');
      // The dropdowns too, whether the mapping opened them or they wait behind Change.
      const change = panel.getByRole('button', { name: 'Change' });
      if (await change.isVisible()) await change.click();
      await panel.locator('.mapping-fields select').first().waitFor();
    }
    for (const summary of await panel.locator('details:not([open]) > summary').all()) await summary.click();
    const overflow = await frame.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter(
          (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        )
        .map((element) => element.outerHTML.slice(0, 80)),
    }));
    expect({ tab, ...overflow, wide: overflow.wide.slice(0, 3) }).toEqual({
      tab,
      scroll: overflow.client,
      client: overflow.client,
      wide: [],
    });
    await sidebarShot(page, `sidebar-300px-${tab.toLowerCase()}`);
  }
});

test('every control has a label and the tabs work from the keyboard', async () => {
  const sidebar = sidebarOf(page);
  const frame = await sidebarFrame();
  await sidebar.locator('[role=tabpanel]:not([hidden]) .mapping-summary strong').first().waitFor();
  const unlabelled = await frame.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select')]
      .filter((control) => {
        const labels = (control as HTMLInputElement).labels;
        const named = control.getAttribute('aria-label') || (labels && labels.length > 0);
        return !named && !(control.tagName === 'BUTTON' && control.textContent!.trim());
      })
      .map((control) => control.outerHTML.slice(0, 80)),
  );
  expect(unlabelled).toEqual([]);

  await sidebar.getByRole('tab', { name: 'Enrich' }).focus();
  await page.keyboard.press('ArrowRight');
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Reverse');
  expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Reverse');
  await page.keyboard.press('Tab');
  expect(await frame.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
});

test('a corrected column mapping re-plans and survives a tab switch', async () => {
  const sidebar = sidebarOf(page);
  const panel = sidebar.locator('[role=tabpanel]:not([hidden])');
  const line = panel.locator('.mapping-summary');
  const domain = sidebar.getByLabel('Company domain', { exact: true });
  await expectText(panel.locator('.summary'), 'contacts to send');
  await expectText(line, 'Company domain D');
  await panel.getByRole('button', { name: 'Change' }).click();
  await expect(domain.inputValue()).resolves.toBe('4');
  const planCalls: string[] = [];
  page.on('request', (request) => {
    // Every sidebar call is google.script.run.rpc(name, input): one POST to /__rpc/rpc.
    const body = request.postData() ?? '';
    if (request.url().endsWith('/__rpc/rpc') && body.includes('"planRun"')) planCalls.push(body);
  });
  const idle = sidebar.locator('[role=tabpanel]:not([hidden]):not([aria-busy])');
  await domain.selectOption('');
  await until(() => planCalls.length === 1);
  await idle.waitFor();
  expect(planCalls[0]).toContain('"mapping"');
  expect(planCalls[0]).not.toContain('companyDomain');

  // Back on the tab, a fresh plan (no mapping sent) comes with the correction the server remembered.
  await sidebar.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.getByRole('tab', { name: 'Enrich' }).click();
  await until(() => planCalls.length === 2);
  expect(planCalls[1]).not.toContain('"mapping"');
  await idle.waitFor();
  await expect(domain.inputValue()).resolves.toBe('');
  expect(await line.textContent()).toMatch(/^Columns First name A · Last name B · Company name C$/);
});

async function until(condition: () => boolean, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
