/**
 * What the browser tests stand on: the local Chrome or Chromium through playwright-core and the
 * playground (`npm start`'s code), both shared by the files (shared-browser.ts), the fixture each
 * file uses (usePlaygroundPage), and the playground's JSON automation API.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type Frame,
  type FrameLocator,
  type Locator,
  type Page,
} from 'playwright-core';
import { PlaygroundApi } from './playground-api';
import { sharedForThisWorker } from './shared-browser';

export { PlaygroundApi };

const ROOT = resolve(__dirname, '../..');
export const ARTIFACTS = join(ROOT, 'test/artifacts');

/** A worker's playground (shared-browser.ts): the page's address and its JSON automation API. */
export interface RunningPlayground {
  url: string;
  api: PlaygroundApi;
}

/** The column of a header in a sheet's first row, and that column's values below it. */
export function columnValues(sheet: { values: unknown[][] }, header: string): unknown[] {
  const index = (sheet.values[0] ?? []).findIndex((cell) => String(cell) === header);
  if (index < 0) throw new Error(`No column "${header}" in ${JSON.stringify(sheet.values[0])}`);
  return sheet.values.slice(1).map((row) => row[index]);
}

export function sidebarOf(page: Page): FrameLocator {
  return page.frameLocator('#sidebar-frame');
}

/** The visible one of a control both plan panels have (Start…, Refresh selection...). */
export function visibleButton(sidebar: FrameLocator, name: string | RegExp) {
  return sidebar
    .locator('[role="tabpanel"]:not([hidden])')
    .getByRole('button', { name, exact: typeof name === 'string' });
}

/**
 * Starts an enrich run on rows of the demo's Contacts tab the way a user does (menu, Start…,
 * confirm) and waits for the Jobs panel to show it: the new run's id.
 */
export async function startOnContacts(page: Page, api: PlaygroundApi, rows: string): Promise<string> {
  await api.select(rows, 'Contacts');
  await openSidebarFrom(page, 'Enrich selected rows');
  const sidebar = sidebarOf(page);
  await visibleButton(sidebar, 'Start…').click();
  await sidebar.locator('.confirm:not([hidden])').getByRole('button', { name: 'Start', exact: true }).click();
  await expectText(sidebar.locator('[role=tab][aria-selected=true]'), 'Jobs');
  const run = sidebar.locator('.run').first();
  await run.waitFor();
  return (await run.getAttribute('data-run-id'))!;
}

/**
 * A run of `fields` on `rows` of the demo's Contacts tab through the sidebar's calls (no screen),
 * waited for to its end: what a test needs done before the screen it looks at.
 */
export async function runToTheEnd(api: PlaygroundApi, rows: string, fields: string[]): Promise<void> {
  await api.select(rows, 'Contacts');
  const plan = await api.call<{ planId: string }>('planRun', { kind: 'enrich', fields });
  await api.call('startRun', plan.planId);
  await waitUntil(async () => !(await api.call<{ pending: boolean }>('pollJobs')).pending, 30_000);
}

/**
 * Chooses a menu item that opens the sidebar, and waits for its new page: like Apps Script's
 * showSidebar, it replaces the page, and a click before that lands on the page going away.
 */
export async function openSidebarFrom(page: Page, label: string): Promise<void> {
  const frame = page.locator('#sidebar-frame');
  const before = await frame.getAttribute('src').catch(() => null);
  await chooseMenuItem(page, label);
  await waitUntil(async () => {
    const src = await frame.getAttribute('src');
    return !!src && src !== before && page.frames().some((shown) => shown.url().endsWith(src));
  }, 15_000);
}

/**
 * Holds the page's calls of `method` (the RPC) until `release()`: a test makes a redraw come between a
 * click and its answer, as a busy machine does. `asked()` says whether the call was made.
 */
export async function holdRpc(
  page: Page,
  method: string,
): Promise<{ asked: () => boolean; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/__rpc/**', async (route) => {
    if (route.request().postData()?.includes(`"${method}"`)) {
      asked = true;
      await held;
    }
    await route.continue();
  });
  return { asked: () => asked, release };
}

/** Waits until `check` answers true (asking every 300 ms), or fails saying what it waited for. */
export async function waitUntil(check: () => Promise<boolean>, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeout} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function chooseMenuItem(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'Sheet Enrich' }).hover();
  await page.getByRole('menuitem', { name: label }).click();
}

/** A screenshot of the sidebar alone, into test/artifacts/ (git-ignored). */
export async function sidebarShot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('#sidebar').screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

export async function pageShot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Whether the element is inside the sidebar frame's viewport, and whether it (or a child) has the focus. */
export async function inViewAndFocused(locator: Locator): Promise<{ inView: boolean; focused: boolean }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      inView: box.top >= 0 && box.bottom <= window.innerHeight,
      focused: element.contains(document.activeElement),
    };
  });
}

/** Waits until the locator's text contains `text` (playwright-core has no expect of its own). */
export async function expectText(locator: Locator, text: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.textContent({ timeout: 1000 }).catch(() => '')) ?? '';
    if (last.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Expected "${text}" in ${locator.toString()}, last saw: "${last.slice(0, 300)}"`);
}

export interface PlaygroundPageOptions {
  reset?: { demo?: boolean; sidebar?: boolean };
  /** How long the emulator's jobs take (default 400 ms). */
  jobMs?: number;
  /** Each test's time limit (jest.setTimeout for the file). */
  timeout: number;
  viewport: { width: number; height: number };
  /** What the page shows once it is ready for the test: the grid's first cell, the sidebar's Settings tab, or else. */
  ready: 'grid' | 'sidebar' | ((page: Page) => Promise<unknown>);
}

export interface PlaygroundSession {
  /** This test's page (a new one per test). */
  page: Page;
  /** The file's playground, reset before each test. */
  playground: RunningPlayground;
}

const READY = {
  grid: (page: Page) => page.locator('.grid td').first().waitFor(),
  sidebar: (page: Page) => sidebarOf(page).getByRole('tab', { name: 'Settings' }).waitFor(),
};

/**
 * What a test may change on its page that outlives a new document: the page's clock, routes and
 * listeners, init scripts, viewport and media, the mouse (a button left down). A test that reads one
 * of these members leaves its page to be closed; the next test gets a new one.
 */
const PAGE_STATE = new Set<PropertyKey>([
  'clock',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'on',
  'once',
  'addListener',
  'prependListener',
  'prependOnceListener',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setViewportSize',
  'emulateMedia',
  'setExtraHTTPHeaders',
  'addLocatorHandler',
  'context',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'mouse',
]);

/**
 * The browser fixture every browser test file stands on: the shared Chromium and this worker's
 * playground (shared-browser.ts), its emulator reset for the file, and per test a reset playground
 * and a new document of the playground's page, ready as `options.ready` says. Call it once at
 * the top of a file: `const { page, playground } = usePlaygroundPage({...})`. Both are live handles
 * (see liveHandle): usable at module level in helpers, they always reach the current test's page.
 *
 * The page itself is kept for the next test, which loads the playground afresh in it (a new
 * document: the page's scripts, timers, frames and focus start over), unless the test touched
 * state a new document keeps (PAGE_STATE): then it is closed and the next test gets a new page.
 * A new page per test cost about 0.6 CPU-s more each (a renderer process started and torn down;
 * docs/testing.md).
 */
export function usePlaygroundPage(options: PlaygroundPageOptions): PlaygroundSession {
  jest.setTimeout(options.timeout);
  const ready = typeof options.ready === 'string' ? READY[options.ready] : options.ready;
  let playground: RunningPlayground | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  /** Whether the test changed state of its page that a new document keeps (PAGE_STATE). */
  let pageChanged = false;
  beforeAll(async () => {
    const shared = sharedForThisWorker();
    const api = new PlaygroundApi(shared.playgroundUrl);
    // What the file before left in the emulator (keys, faults, balances, jobs) goes, and its document.
    await api.resetForFile(options.jobMs ?? 400);
    playground = { url: shared.playgroundUrl, api };
    browser = await chromium.connect(shared.browserEndpoint, { timeout: 30_000 });
  });
  afterAll(async () => {
    // Connected, not launched: close() disconnects and leaves the shared Chromium running.
    await browser?.close();
  });
  beforeEach(async () => {
    if (!playground || !browser) throw new Error('No playground or Chromium for this file (see beforeAll).');
    await playground.api.reset(options.reset);
    page ??= await browser.newPage({ viewport: options.viewport });
    pageChanged = false;
    await page.goto(playground.url);
    await ready(page);
  });
  afterEach(async () => {
    // The spreadsheet goes whatever became of the page: until the next test's reset, its triggers
    // (every 2 s) would run its schedule or automatic formulas into the emulator the next test
    // counts jobs and credits of.
    await playground?.api.reset({ demo: false, sidebar: false });
    const kept = page;
    page = undefined;
    if (!kept) return;
    // The document goes now, before the next test resets the playground: none of its timers or
    // calls (the grid's refresh, the sidebar's polls) may reach the next test's spreadsheet.
    if (
      !pageChanged &&
      (await kept.goto('about:blank').then(
        () => true,
        () => false,
      ))
    )
      page = kept;
    else await kept.close().catch(() => {});
  });
  return {
    page: liveHandle(
      'page',
      () => page,
      (property) => {
        if (PAGE_STATE.has(property)) pageChanged = true;
      },
    ),
    playground: liveHandle('playground', () => playground),
  };
}

/**
 * An object that stands for whatever `current()` returns when it is used: every property read goes
 * to that object (methods bound to it). It lets a file take `page` once at module level although each
 * test has its own page; used outside a test (no page yet, or closed), it says so.
 */
function liveHandle<T extends object>(
  name: string,
  current: () => T | undefined,
  onRead: (property: PropertyKey) => void = () => {},
): T {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error(`No ${name} here: it exists inside a test (beforeEach to afterEach).`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, property) {
      const value = target();
      onRead(property);
      const member: unknown = Reflect.get(value, property, value);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
    has: (_, property) => Reflect.has(target(), property),
  });
}

/** axe-core, injected into the sidebar frame by axeProblems. */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The sidebar's frame (for evaluating in it). */
export function sidebarFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/sidebar'));
  if (!frame) throw new Error('No sidebar frame');
  return frame;
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's moderate, serious and critical violations in the sidebar as it is now. */
export async function axeProblems(page: Page, state: string): Promise<string[]> {
  const frame = sidebarFrame(page);
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE);
  const violations = await frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (violations as Violation[])
    .filter((violation) => ['moderate', 'serious', 'critical'].includes(violation.impact))
    .map(
      (violation) =>
        `${state}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
