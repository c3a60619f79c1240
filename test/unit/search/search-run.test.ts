import { apiError } from '../fakes/fake-api';
import { contextFor, createWorld, type TestWorld } from '../fakes/context';
import { person } from '../fakes/fake-search';
import {
  continueSearch,
  loadMore,
  previewSearch,
  refreshSearch,
  startSearch,
} from '../../../src/features/search/search-run';
import { searchTabView } from '../../../src/features/search/search-service';
import { readSearchTab } from '../../../src/features/search/search-store';
import { SEARCH_KEYS_SHEET } from '../../../src/features/search/search-keys';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { readRunLog } from '../engine/team-support';
import { readSpending, SPENDING_SHEET } from '../../../src/store/spending';

const FILTERS = { current_position_titles: [{ value: 'VP Sales' }] };

function worldWith(count: number): TestWorld {
  const world = createWorld();
  world.spreadsheet.addSheet('Leads', [['First name']]);
  world.search.results.people = Array.from({ length: count }, (_, n) => person(n));
  return world;
}

const tabOf = (world: TestWorld, id: number) => world.spreadsheet.sheetById(id) as MemorySheet;
/** The Person ID column (the tab's last), found by its header. */
const idsIn = (sheet: MemorySheet) => {
  const column = sheet.readDisplayValues(1, 1, 1, sheet.lastColumn())[0]!.indexOf('Person ID') + 1;
  return sheet.readDisplayValues(2, column, Math.max(0, sheet.lastRow() - 1), 1).map((row) => row[0]);
};
const expected = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `p${from + n}`);

/**
 * A 300-result search whose execution dies at page 2's save (the record is saved once at start,
 * then after each page); the store works again afterwards, as in the next execution.
 */
function killedAtSecondPageSave(): { world: TestWorld; sheet: MemorySheet } {
  const world = worldWith(300);
  const set = world.documentStore.set.bind(world.documentStore);
  let saves = 0;
  world.documentStore.set = (key, value) => {
    if (key.startsWith('sheetEnrich.search.') && ++saves === 3) throw new Error('execution killed');
    set(key, value);
  };
  expect(() => startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 300 })).toThrow(
    'execution killed',
  );
  world.documentStore.set = set;
  // The search's tab (the add-on's hidden sheet of the keys it had comes after it).
  const sheet = world.spreadsheet.sheets.filter((tab) => tab.name() !== SEARCH_KEYS_SHEET).at(-1)!;
  return { world, sheet: sheet as MemorySheet };
}

describe('a search into a tab', () => {
  it('lands 250 results over three pages, in order, with no duplicate and no gap', () => {
    const world = worldWith(400);
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 250 });
    expect(world.search.requests.map((r) => [r.offset, r.limit])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
    const tab = tabOf(world, sheet.id());
    expect(tab.name()).toBe('People · VP Sales');
    expect(tab.readDisplayValues(1, 1, 1, 3)[0]).toEqual(['Full name', 'First name', 'Last name']);
    // The id, for Refresh and for support, comes last.
    expect(tab.readDisplayValues(1, 1, 1, tab.lastColumn())[0]!.at(-1)).toBe('Person ID');
    expect(idsIn(tab)).toEqual(expected(0, 250));
    expect(readSearchTab(contextFor(world), sheet.id())).toMatchObject({
      state: 'done',
      offset: 250,
      rows: 250,
      total: 400,
    });
  });

  it('stops at the end of the results when fewer match than were asked for', () => {
    const world = worldWith(130);
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 1000 });
    expect(idsIn(tabOf(world, sheet.id()))).toEqual(expected(0, 130));
    expect(world.search.requests).toHaveLength(2);
    expect(readSearchTab(contextFor(world), sheet.id())?.state).toBe('done');
  });

  it('pauses on a failure after page 2 and resumes at page 3', () => {
    const world = worldWith(400);
    const ctx = contextFor(world);
    world.search.failOn = ({ n }) => (n === 3 ? apiError(503) : undefined);
    const sheet = startSearch(ctx, { kind: 'people', filters: FILTERS, rows: 300 });
    const paused = readSearchTab(ctx, sheet.id())!;
    expect(paused).toMatchObject({ state: 'loading', offset: 200, rows: 200 });
    expect(paused.reason).toMatch(/^Paused: .*result 201/);
    continueSearch(contextFor(world), sheet.id());
    expect(world.search.requests.map((r) => r.offset)).toEqual([0, 100, 200, 200]);
    expect(idsIn(tabOf(world, sheet.id()))).toEqual(expected(0, 300));
  });

  it('never writes a result twice when a call dies between writing a page and recording it', () => {
    const { world, sheet } = killedAtSecondPageSave();
    expect(idsIn(sheet)).toEqual(expected(0, 200));
    continueSearch(contextFor(world), sheet.id());
    expect(idsIn(sheet)).toEqual(expected(0, 300));
    expect(readSearchTab(contextFor(world), sheet.id())).toMatchObject({ state: 'done', rows: 300 });
  });

  it("remembers a call's keys in one write to the keys sheet, whatever it pages", () => {
    const world = worldWith(400);
    const ctx = contextFor(world);
    const sheet = startSearch(ctx, { kind: 'people', filters: FILTERS, rows: 250 });
    expect(world.search.requests).toHaveLength(3);
    // A RangeList holds one sheet's ranges: the tab's rows and the keys are two writes at best, so
    // the keys go once per call, not once per page.
    const keys = world.spreadsheet.hiddenSheet(SEARCH_KEYS_SHEET, false)!;
    expect(keys.lastRow()).toBe(2);
    const remembered = keys.readDisplayValues(2, 1, 1, 2)[0]!;
    expect(remembered[0]).toBe(String(sheet.id()));
    expect(remembered[1]!.split('\n')).toHaveLength(250);
  });

  it('a call killed before it remembered its keys: the next one remembers them, a deleted result stays out', () => {
    const { world, sheet } = killedAtSecondPageSave();
    continueSearch(contextFor(world), sheet.id());
    expect(idsIn(sheet)).toEqual(expected(0, 300));
    // The user deletes p5 (row 7); a refresh pages through the same results and leaves it out.
    sheet.deleteRow(7);
    refreshSearch(contextFor(world), sheet.id());
    expect(idsIn(sheet)).toEqual(expected(0, 300).filter((id) => id !== 'p5'));
  });

  it('stops with a reason when credits run out, keeping every row that landed', () => {
    const world = worldWith(400);
    world.search.failOn = ({ offset }) =>
      offset >= 100 ? apiError(402, 'error.credits_insufficient', false) : undefined;
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 300 });
    expect(idsIn(tabOf(world, sheet.id()))).toEqual(expected(0, 100));
    expect(readSearchTab(contextFor(world), sheet.id())).toMatchObject({
      state: 'stopped',
      reason: 'Out of credits after 100 results. Top up your credits, then Load more to go on.',
    });
  });

  it('Load more continues from where paging stopped; Refresh adds only what is new', () => {
    const world = worldWith(400);
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 100 });
    loadMore(contextFor(world), sheet.id(), 50);
    expect(world.search.requests.map((r) => [r.offset, r.limit])).toEqual([
      [0, 100],
      [100, 50],
    ]);
    expect(idsIn(tabOf(world, sheet.id()))).toEqual(expected(0, 150));
    // Two new matches appear at the top of the results.
    world.search.results.people.unshift(person(900), person(901));
    refreshSearch(contextFor(world), sheet.id());
    expect(idsIn(tabOf(world, sheet.id()))).toEqual([...expected(0, 150), 'p900', 'p901']);
    expect(readSearchTab(contextFor(world), sheet.id())).toMatchObject({ state: 'done', rows: 152 });
  });

  it("writes under its own headers only, wherever the user moved them, and leaves the user's columns alone", () => {
    const world = worldWith(200);
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 100 });
    const tab = tabOf(world, sheet.id());
    // The user inserts a "Notes" column at A: every search column moves one to the right.
    tab.cells = tab.cells.map((row, index) => [index === 0 ? 'Notes' : '', ...row]);
    loadMore(contextFor(world), sheet.id(), 100);
    expect(tab.readDisplayValues(1, 1, 1, 3)[0]).toEqual(['Notes', 'Full name', 'First name']);
    expect(idsIn(tab)).toEqual(expected(0, 200));
    expect(tab.readDisplayValues(2, 1, 200, 1).every((row) => row[0] === '')).toBe(true);
  });

  it('pages on to a short page when the API gives no total, and never claims there is nothing more', () => {
    const world = worldWith(250);
    world.search.withoutTotal = true;
    const ctx = contextFor(world);
    expect(previewSearch(ctx, { kind: 'people', filters: FILTERS, rows: 1000 })).toMatchObject({
      total: null,
      rows: 1000,
      maxCredits: 250,
    });
    const all = startSearch(ctx, { kind: 'people', filters: FILTERS, rows: 1000 });
    expect(idsIn(tabOf(world, all.id()))).toEqual(expected(0, 250));
    expect(searchTabView(contextFor(world), all.id())).toMatchObject({ state: 'done', total: null, more: 0 });

    const some = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 200 });
    expect(idsIn(tabOf(world, some.id()))).toEqual(expected(0, 200));
    // 200 loaded in full pages: more may match, and Load more stays on.
    expect(searchTabView(contextFor(world), some.id())).toMatchObject({ state: 'done', more: null });
    loadMore(contextFor(world), some.id(), 100);
    expect(idsIn(tabOf(world, some.id()))).toEqual(expected(0, 250));
  });

  it('reads each result leniently: an odd field leaves one cell empty, not the page', () => {
    const world = worldWith(0);
    world.search.results.people = [
      { ...person(1), full_name: 42, employment: { current: null }, location: 'Berlin' },
      null,
      { ...person(2), social_profiles: { network: { url: ['x'] } } },
    ];
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 10 });
    const tab = tabOf(world, sheet.id());
    const values = tab.readDisplayValues(2, 1, 3, 13);
    expect(values[0]?.slice(0, 5)).toEqual(['42', 'Person', '1', '', '']);
    expect(values[0]?.[12]).toBe('p1');
    expect(values[1]).toEqual(Array(13).fill(''));
    expect(values[2]?.[12]).toBe('p2');
    expect(values[2]?.[6]).toBe('');
  });

  it('writes the numbers the API sends as numbers (Employees, Founded), everything else as text', () => {
    const world = worldWith(0);
    world.search.results.companies = [
      { id: 'c1', name: '=HYPERLINK("x")', domain: 'acme.com', headcount: 5000, year_founded: 1999 },
      { id: 'c2', name: '-Minus', headcount: '10-50', year_founded: null },
    ];
    const sheet = startSearch(contextFor(world), { kind: 'companies', filters: {}, rows: 10 });
    const tab = tabOf(world, sheet.id());
    const header = tab.readDisplayValues(1, 1, 1, tab.lastColumn())[0]!;
    const at = (row: number, name: string) => {
      const column = header.indexOf(name) + 1;
      const cells = tab.readCells(row, column, 1, 1);
      return { text: tab.readDisplayValues(row, column, 1, 1)[0]![0], format: cells.formats[0]![0] };
    };
    expect(at(2, 'Employees')).toEqual({ text: '5000', format: 'General' });
    expect(at(2, 'Founded')).toEqual({ text: '1999', format: 'General' });
    expect(at(2, 'Name')).toEqual({ text: '=HYPERLINK("x")', format: '@' });
    expect(
      tab
        .readFormulas(2, 1, 2, header.length)
        .flat()
        .every((formula) => formula === ''),
    ).toBe(true);
    expect(at(3, 'Name')).toEqual({ text: '-Minus', format: '@' });
    // Text where a number was expected stays the text it was.
    expect(at(3, 'Employees')).toEqual({ text: '10-50', format: '@' });
    expect(at(3, 'Founded').text).toBe('');
    // Still one block per page: its text format and its values.
    expect(tab.writes).toBe(1 + 2);
  });

  it('logs each call that loaded results: who, which tab, how many, the most they cost and what they did', () => {
    const world = worldWith(400);
    // 10 of the 250 results were returned to the workspace before: free; the API takes 60 credits.
    const search = world.search.search.bind(world.search);
    world.search.search = (...args) => {
      if (world.search.requests.length === 0) world.api.balance -= 60;
      return search(...args);
    };
    const balanceCalls = world.api.balanceCalls;
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 250 });
    // The balance before and after the call: two calls, whatever its pages.
    expect(world.api.balanceCalls - balanceCalls).toBe(2);
    expect(readRunLog(world)).toEqual([
      expect.objectContaining({
        By: 'user@example.com',
        Source: 'search',
        Sheet: 'People · VP Sales',
        'Contacts found': '250',
        'Credits estimated': '63',
        'Credits charged': '60',
        Outcome: 'finished',
        'Paid with': "user@example.com's key",
      }),
    ]);
    // A refresh that finds nothing new adds nothing, and costs nothing: no row.
    refreshSearch(contextFor(world), sheet.id());
    expect(readRunLog(world)).toHaveLength(1);
    expect(readSpending(world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false))).toEqual([
      { day: '2025-01-15', person: 'user@example.com', kind: 'search', credits: 60 },
    ]);
    loadMore(contextFor(world), sheet.id(), 10);
    expect(readRunLog(world).map((row) => [row['Contacts found'], row['Credits estimated']])).toEqual([
      ['250', '63'],
      ['10', '3'],
    ]);
  });
});

describe('a search call', () => {
  it("reads the tab's record once, whatever it pages (the record is saved after each page)", () => {
    const world = worldWith(400);
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 100 });
    const key = `${DOCUMENT_PROPERTY.searchTabPrefix}${sheet.id()}`;
    const get = jest.spyOn(world.documentStore, 'get');
    const reads = () => get.mock.calls.filter(([read]) => read === key).length;
    continueSearch(contextFor(world), sheet.id());
    expect(reads()).toBe(1);
    loadMore(contextFor(world), sheet.id(), 250);
    expect(reads()).toBe(1 + 2);
    expect(idsIn(tabOf(world, sheet.id()))).toEqual(expected(0, 350));
  });

  it("writes the tab's record once at start and once per page: the last page carries the end", () => {
    const world = worldWith(400);
    const set = jest.spyOn(world.documentStore, 'set');
    const sheet = startSearch(contextFor(world), { kind: 'people', filters: FILTERS, rows: 250 });
    const key = `${DOCUMENT_PROPERTY.searchTabPrefix}${sheet.id()}`;
    const writes = set.mock.calls.filter(([written]) => written === key);
    expect(writes).toHaveLength(1 + 3);
    expect(JSON.parse(writes.at(-1)![1])).toMatchObject({ state: 'done', offset: 250, rows: 250 });
  });
});
