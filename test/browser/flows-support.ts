/**
 * What the files of the twenty flows (docs/flows.md) stand on: the page at 1366×800 over the
 * playground, the check that the screen is clean after each flow (no raw id or developer word where
 * a user reads, axe's moderate to critical issues, one screenshot test/artifacts/flow-NN-*.png), and
 * the steps several flows take (a run started from the sidebar, a toast waited for, the log's last
 * row). Each test starts on a reset spreadsheet, a new page and a new emulator: no flow file needs
 * another's state.
 */
import type { Locator } from 'playwright-core';
import {
  axeProblems,
  columnValues,
  expectText,
  pageShot,
  sidebarOf,
  usePlaygroundPage,
  visibleButton,
  waitUntil,
  type PlaygroundApi,
} from './support';

const JOB_MS = 300;

/** Words a user must never read: API enums, workspace, person and company ids, UUIDs, a program's leftovers. */
const RAW =
  /out_of_credits|\bws_\w|\bper_\w|\bcmp_\w|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bundefined\b|\bNaN\b|\[object /i;
/** Where ids may stand: last in a row, under a header that says they are for support (or a search tab's key). */
const ID_COLUMN = /\(for support\)$|^(Person|Company) ID$/;

export const LOG = 'Sheet Enrich log';

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Starts an enrich run of `fields` on `rows` from the Enrich tab, as a user does; its card. */
export interface RunAsked {
  fields?: string[];
  /** Before Start… (Look up again), and between Start… and its confirmation. */
  beforeStart?: () => Promise<void>;
  beforeConfirm?: () => Promise<void>;
  sheet?: string;
  panel?: 'Enrich' | 'Reverse';
}

interface PageState {
  sheets: string[];
  formulas: string[][];
  messages: { id: number; title: string; text: string }[];
}

/**
 * The fixture of a flows file and its steps, bound to its page and playground: call it once at the
 * top of the file. After each test, whatever a flow's `clean` found fails it.
 */
export function useFlows() {
  const { page, playground } = usePlaygroundPage({
    reset: { sidebar: false },
    jobMs: JOB_MS,
    timeout: 150_000,
    viewport: { width: 1366, height: 800 },
    ready: 'grid',
  });
  const problems: string[] = [];

  /** The cells of every visible tab a user reads, but the id columns kept for support. */
  async function sheetProblems(api: PlaygroundApi, flow: string): Promise<string[]> {
    const { sheets } = await pageState();
    const found: string[] = [];
    for (const name of sheets) {
      if (name.startsWith('_')) continue;
      const { displayValues } = await api.sheet(name);
      const header = displayValues[0] ?? [];
      displayValues.forEach((row, r) =>
        row.forEach((cell, c) => {
          if (ID_COLUMN.test(header[c] ?? '') && c >= header.length - 2) return;
          if (RAW.test(cell)) found.push(`${flow}: ${name}!R${r + 1}C${c + 1} "${cell.slice(0, 80)}"`);
        }),
      );
    }
    return found;
  }

  /** What the user reads now: the sidebar, the toasts, the tabs; and axe over the sidebar. */
  async function clean(flow: string): Promise<void> {
    await pageShot(page, `flow-${flow}`);
    const sidebarOpen = await page.locator('#sidebar-frame').isVisible();
    const texts = [
      await page
        .locator('#toasts')
        .innerText()
        .catch(() => ''),
    ];
    if (sidebarOpen) texts.push(await sidebarOf(page).locator('body').innerText());
    for (const text of texts)
      for (const line of text.split('\n'))
        if (RAW.test(line)) problems.push(`${flow}: "${line.slice(0, 120)}"`);
    problems.push(...(await sheetProblems(playground.api, flow)));
    if (sidebarOpen) problems.push(...(await axeProblems(page, flow)));
  }

  async function pageState(): Promise<PageState> {
    return (await (await fetch(new URL('__test/state', playground.url))).json()) as PageState;
  }

  /**
   * The toasts shown since the test began: the page drops each after a few seconds; the playground
   * keeps them, and forgets them when it is reset before each test.
   */
  async function toastsSince(): Promise<string> {
    return (await pageState()).messages.map((message) => message.text).join('\n');
  }

  /** Waits for a toast of this test saying `text`. */
  async function toastSays(text: string): Promise<void> {
    await waitUntil(async () => (await toastsSince()).includes(text), 20_000).catch(async () => {
      throw new Error(`No toast says "${text}": ${await toastsSince()}`);
    });
  }

  /** The log's last row, by header. */
  async function lastLogRow(): Promise<Record<string, string>> {
    const log = await playground.api.sheet(LOG);
    return Object.fromEntries(log.displayValues[0]!.map((name, i) => [name, log.displayValues.at(-1)![i]!]));
  }

  const cell = (row: number, column: number) =>
    page.locator(`td[data-row="${row}"][data-column="${column}"]`);

  async function startRun(rows: string, asked: RunAsked = {}) {
    const { fields, beforeStart, beforeConfirm, sheet = 'Contacts', panel = 'Enrich' } = asked;
    const sidebar = sidebarOf(page);
    if (fields) await playground.api.call('planRun', { kind: 'enrich', fields });
    await playground.api.select(rows, sheet);
    await sidebar.getByRole('tab', { name: panel }).click();
    await visibleButton(sidebar, 'Refresh selection').click();
    const [first, last] = rows.replace(/[A-Z]/g, '').split(':');
    await expectText(
      sidebar.locator('[role="tabpanel"]:not([hidden]) .selection'),
      `${sheet} · ${first === last ? `row ${first}` : `rows ${first}–${last}`}`,
    );
    // The plan of these rows, not one shown before (the same label when the rows were planned
    // earlier): a "Look up again" clicked on the old one may be planned over by the new.
    const planPanel = sidebar.locator('section.panel[role="tabpanel"]:not([hidden])');
    await waitUntil(async () => (await planPanel.getAttribute('aria-busy')) === null, 20_000);
    await beforeStart?.();
    const runs = await sidebar.locator('.run').count();
    const startButton = visibleButton(sidebar, 'Start…');
    // A Start that stays off says why in the failure: the panel's words (a key refused, no work).
    await waitUntil(() => startButton.isEnabled(), 30_000).catch(async (error: Error) => {
      throw new Error(`${error.message}\nStart… stayed off; the panel read:\n${await planPanel.innerText()}`);
    });
    await startButton.click();
    await beforeConfirm?.();
    await sidebar
      .locator('.confirm:not([hidden])')
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await waitUntil(async () => (await sidebar.locator('.run').count()) > runs, 20_000);
    return sidebar.locator('.run').first();
  }

  /** A run that found what it could for all `count` rows: its card, its rows' Status and its log row agree. */
  async function finishedAlike(run: Locator, sheet: string, count: number, what = 'contacts'): Promise<void> {
    await expectText(run.locator('.badge'), 'Finished', 30_000);
    await expectText(run.locator('.run-count'), `${count} of ${count} ${what} done`);
    const statuses = columnValues(await playground.api.sheet(sheet), 'Status').slice(0, count);
    expect(statuses.every((status) => /^(found|not found)$/.test(String(status)))).toBe(true);
    expect(await lastLogRow()).toMatchObject({ Outcome: 'finished', 'Contacts sent': String(count) });
  }

  // Each test a new emulator too: its rate limit (60 requests a minute) counts the tests before.
  beforeEach(async () => {
    await playground.api.resetApi(JOB_MS);
  });

  afterEach(() => {
    const found = problems.splice(0);
    expect(found).toEqual([]);
  });

  return { page, playground, clean, toastSays, lastLogRow, cell, startRun, finishedAlike };
}
