/**
 * The playground page: a small spreadsheet (tabs, grid, menu, formula bar) around the add-on's
 * real sidebar. It redraws from the server's state about once a second, so results written by
 * the add-on (sidebar polls, triggers) appear as they land.
 */
import { toA1 } from '../../gas/spreadsheet/a1';
import type { PlaygroundState } from '../protocol';
import { getState, post } from './api';
import { Grid } from './grid';
import { drawCharts } from './chart';
import { renderMenubar } from './menu';

const REFRESH_MS = 1000;
const TOAST_MS = 6000;

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const sidebar = byId<HTMLElement>('sidebar');
const frame = byId<HTMLIFrameElement>('sidebar-frame');
const nameBox = byId<HTMLElement>('name-box');
const formula = byId<HTMLInputElement>('formula');
const tabs = byId<HTMLElement>('sheet-tabs');
const toasts = byId<HTMLElement>('toasts');

let state: PlaygroundState | null = null;
let shownSidebar = 0;
let shownMenus = '';
let lastMessage: number | null = null;

const grid = new Grid(byId('grid'), byId('grid-scroll'), {
  select: (rects) => void act('/__api/selection', { sheet: state?.activeSheet, ranges: rects.map(toA1) }),
  edit: (row, column, value) => void act('/__api/cell', { sheet: state?.activeSheet, row, column, value }),
  write: (edits) => void act('/__api/cells', { sheet: state?.activeSheet, edits }),
  deleteRows: (rows) => void act('/__api/rows/delete', { sheet: state?.activeSheet, rows }),
  cursor: (rects, value) => {
    const last = rects[rects.length - 1];
    nameBox.textContent = last ? toA1(last) : '';
    if (document.activeElement !== formula) formula.value = value;
  },
});

/** Posts an action, shows its error if any, and redraws at once: whether it went through. */
async function act(path: string, body: unknown): Promise<boolean> {
  actions += 1;
  posting += 1;
  let ok = false;
  try {
    const answer = await post(path, body);
    ok = answer.ok;
    if (!answer.ok) toast('Error', answer.message);
  } catch (error) {
    toast('Error', error instanceof Error ? error.message : String(error));
  } finally {
    posting -= 1;
  }
  await refresh();
  return ok;
}

function toast(title: string, text: string): void {
  const box = document.createElement('div');
  box.className = 'toast';
  if (title) box.appendChild(Object.assign(document.createElement('strong'), { textContent: title }));
  box.appendChild(Object.assign(document.createElement('span'), { textContent: text }));
  toasts.appendChild(box);
  setTimeout(() => box.remove(), TOAST_MS);
}

function drawTabs(next: PlaygroundState): void {
  tabs.replaceChildren(
    ...next.sheets.map((name) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'sheet-tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(name === next.activeSheet));
      tab.textContent = name;
      tab.addEventListener('click', () => void act('/__api/activate', { sheet: name }));
      return tab;
    }),
  );
}

function drawSidebar(next: PlaygroundState): void {
  sidebar.hidden = next.sidebar === null;
  if (!next.sidebar) {
    shownSidebar = 0;
    return;
  }
  byId('sidebar-title').textContent = next.sidebar.title;
  if (next.sidebar.version !== shownSidebar) {
    shownSidebar = next.sidebar.version;
    frame.src = `/sidebar?v=${shownSidebar}`;
  }
}

/** "Clock: Sat 28 Nov, 14:05 (1 day 2 h ahead)": the add-on's time, moved by the clock control. */
function drawClock(clock: PlaygroundState['clock']): void {
  const hours = Math.round(clock.aheadMs / 3_600_000);
  const ahead =
    hours <= 0
      ? ''
      : ` (${[
          Math.floor(hours / 24) ? `${Math.floor(hours / 24)} d` : '',
          hours % 24 ? `${hours % 24} h` : '',
        ]
          .filter(Boolean)
          .join(' ')} ahead)`;
  const time = new Date(clock.now).toLocaleString([], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  byId('clock-time').textContent = `Clock: ${time}${ahead}`;
}

function draw(next: PlaygroundState): void {
  drawClock(next.clock);
  const tabsChanged =
    !state || state.activeSheet !== next.activeSheet || state.sheets.join() !== next.sheets.join();
  state = next;
  byId('document-title').textContent = next.title;
  if (tabsChanged) drawTabs(next);
  grid.show(next.grid, next.selection, next.formulas, next.errors);
  drawCharts(byId('charts'), next.charts);
  const menus = JSON.stringify(next.menus);
  if (menus !== shownMenus) {
    shownMenus = menus;
    renderMenubar(
      byId('menubar'),
      next.menus,
      (item) => void act('/__api/menu', { handler: item.handler }),
      () => grid.deleteSelectedRows(),
    );
  }
  drawSidebar(next);
  for (const message of next.messages) {
    if (lastMessage !== null && message.id > lastMessage) toast(message.title, message.text);
  }
  lastMessage = Math.max(lastMessage ?? 0, ...next.messages.map((message) => message.id));
}

let requested = 0;
let drawn = 0;
/** Bumped by each action: a state asked for before it may show what the action just changed back. */
let actions = 0;
/**
 * Actions whose request is still on its way. A state asked for meanwhile may be answered before the
 * action lands: drawn, its selection from before a Tab sent the next keystrokes to the cell the user
 * had left (flows 18–20 under CI load: a typed row lost its last value).
 */
let posting = 0;

async function refresh(): Promise<void> {
  const request = ++requested;
  const actionsBefore = actions;
  const settled = posting === 0;
  try {
    const next = await getState();
    if (request > drawn && settled && actionsBefore === actions) {
      drawn = request;
      draw(next);
    }
  } catch (error) {
    console.warn('playground state:', error);
  }
}

async function keepRefreshing(): Promise<void> {
  await refresh();
  setTimeout(() => void keepRefreshing(), REFRESH_MS);
}

formula.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  grid.editActive(formula.value);
  byId('grid-scroll').focus();
});
const HOUR_MS = 3_600_000;
byId('clock-hour').addEventListener('click', () => void act('/__api/clock', { advanceMs: HOUR_MS }));
byId('clock-day').addEventListener('click', () => void act('/__api/clock', { advanceMs: 24 * HOUR_MS }));
byId('clock-trigger').addEventListener('click', () => {
  void act('/__api/trigger', {}).then(() =>
    toast('Trigger', 'The clock moved one hour; the hourly trigger ran.'),
  );
});
byId('sidebar-close').addEventListener('click', () => void act('/__api/sidebar/close', {}));
window.addEventListener('message', (event: MessageEvent<{ playground?: string }>) => {
  if (event.source === frame.contentWindow && event.data?.playground === 'closeSidebar') {
    void act('/__api/sidebar/close', {});
  }
});

void keepRefreshing();
