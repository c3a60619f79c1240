/**
 * Search into a tab through the built add-on, against the emulator over HTTP (which charges a quarter
 * credit per result returned to the workspace for the first time): what the preview says is what
 * lands, pages neither overlap nor leave gaps, a killed call resumes where it stopped, Load more and
 * Refresh add only new rows, and a people tab can be enriched as it is.
 */
import type { Addon } from '../../dev/gas/harness';
import type { SearchPreview, SearchRequestInput, SearchTabView } from '../../src/app/sidebar-contract';
import {
  contactRows,
  engineKit,
  HEADER,
  people,
  planAndStart,
  settle,
  sheetText,
  SHEET,
} from './support/engine';

const kit = engineKit();

const VP = { current_position_titles: [{ value: 'VP' }] };

/** The columns a run asking work email and phone adds, when it adds no profile column. */
const WORK_EMAIL_AND_PHONE = [
  'Status',
  'Work email',
  'Work email status',
  'Phone',
  'Phone region',
  'Enriched at',
];

/** What the emulator itself answers for these filters, in its order. */
async function apiIds(kind: 'people' | 'companies', filters: object, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ids.length < count; offset += 100) {
    const path = kind === 'people' ? 'api/v2/people/search' : 'api/v2/company/search';
    const response = await fetch(new URL(path, kit.emulator().baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${kit.emulator().apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...filters, offset, limit: Math.min(100, count - ids.length) }),
    });
    const body = (await response.json()) as { people?: { id: string }[]; companies?: { id: string }[] };
    const page = body.people ?? body.companies ?? [];
    if (page.length === 0) break;
    ids.push(...page.map((item) => item.id));
  }
  return ids;
}

function loadAll(addon: Addon, first: SearchTabView): SearchTabView {
  let view = first;
  for (let calls = 0; view.state === 'loading' && calls < 50; calls++) {
    view = addon.call<SearchTabView>('continueSearch', view.sheetId);
  }
  return view;
}

function column(addon: Addon, sheetName: string, header: string): string[] {
  const values = addon.spreadsheet.getSheetByName(sheetName)!.getDataRange().getDisplayValues() as string[][];
  const index = values[0]!.indexOf(header);
  return values.slice(1).map((row) => row[index] ?? '');
}

const spent = async () => (await kit.emulator().admin.stats()).credits_spent;

describe('a search into a tab', () => {
  it('lands what the preview announced, in the API order, for what the API charged', async () => {
    const addon = kit.open([['Name']]);
    const request: SearchRequestInput = { kind: 'people', filters: VP, rows: 250 };
    const preview = addon.call<SearchPreview>('previewSearch', request);
    expect(preview.total).toBeGreaterThan(250);
    expect(preview).toMatchObject({ rows: 250, maxCredits: 63, tabName: 'People · VP' });

    const view = loadAll(addon, addon.call<SearchTabView>('startSearch', request));
    expect(view).toMatchObject({ state: 'done', rows: 250, total: preview.total, sheetName: 'People · VP' });
    const ids = column(addon, 'People · VP', 'Person ID');
    expect(ids).toEqual(await apiIds('people', VP, 250));
    // 250 first-time results, the preview's one among them: a quarter credit each, in whole credits.
    expect(await spent()).toBe(62);
    expect(await spent()).toBeLessThanOrEqual(preview.maxCredits);
    // The log says what it charged, not the most it could (63).
    const log = addon.spreadsheet.getSheetByName('Sheet Enrich log')!.getDataRange().getDisplayValues();
    expect(log[1]![log[0]!.indexOf('Credits charged')]).toBe('62');
    // Every cell is text: a title is never a formula, a number column keeps its digits as typed.
    const titles = column(addon, 'People · VP', 'Title');
    expect(titles.every((title) => /vp/i.test(title))).toBe(true);
  });

  it('resumes at page 3 after a call killed while asking for it, without paying or writing twice', async () => {
    const addon = kit.open([['Name']]);
    const request: SearchRequestInput = { kind: 'people', filters: VP, rows: 300 };
    // The balance (what the call will have charged), pages 1 and 2, then killed asking for page 3.
    expect(() => addon.callWith({ killAfter: { 'UrlFetchApp.fetch': 4 } }, 'startSearch', request)).toThrow();
    const tab = addon.spreadsheet.getSheetByName('People · VP')!;
    expect(column(addon, tab.getName(), 'Person ID')).toHaveLength(200);
    addon.setSelection('A1', tab.getName());
    const view = addon.call<SearchTabView | null>('getSearchTab');
    expect(view).toMatchObject({ state: 'loading', rows: 200 });
    const done = loadAll(addon, addon.call<SearchTabView>('continueSearch', view!.sheetId));
    expect(done).toMatchObject({ state: 'done', rows: 300 });
    expect(column(addon, tab.getName(), 'Person ID')).toEqual(await apiIds('people', VP, 300));
    expect(await spent()).toBe(75);
  });

  it('Load more adds only the rest, Refresh adds nothing new and costs nothing', async () => {
    const addon = kit.open([['Name']]);
    const filters = { current_position_seniority_level: [{ value: 'Director', exact_match: true }] };
    const first = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'people', filters, rows: 120 }),
    );
    expect(first.rows).toBe(120);
    const afterFirst = await spent();
    const more = loadAll(
      addon,
      addon.call<SearchTabView>('loadMoreSearch', { sheetId: first.sheetId, rows: 80 }),
    );
    expect(more).toMatchObject({ state: 'done', rows: 200 });
    expect((await spent()) - afterFirst).toBe(20);
    const refreshed = loadAll(addon, addon.call<SearchTabView>('refreshSearch', first.sheetId));
    expect(refreshed).toMatchObject({ state: 'done', rows: 200 });
    const ids = column(addon, first.sheetName, 'Person ID');
    expect(ids).toEqual(await apiIds('people', filters, 200));
    expect(await spent()).toBe(afterFirst + 20);
  });

  it('honours exclusions and ranges as the API documents them', async () => {
    const addon = kit.open([['Name']]);
    const filters = {
      headcounts: [{ min: 50, max: 200 }],
      industries: [{ value: 'Retail', exclude: true }],
    };
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'companies', filters, rows: 150 }),
    );
    expect(view.rows).toBe(150);
    const headcounts = column(addon, view.sheetName, 'Employees').map(Number);
    expect(headcounts.every((n) => n >= 50 && n <= 200)).toBe(true);
    expect(column(addon, view.sheetName, 'Industry')).not.toContain('Retail');
    // Employees and Founded are numbers in the sheet (they sort and sum); the rest is text.
    const values = addon.spreadsheet.getSheetByName(view.sheetName)!.getDataRange().getValues();
    const typeOf = (header: string) =>
      new Set(values.slice(1).map((row) => typeof row[values[0]!.indexOf(header)]));
    expect(typeOf('Employees')).toEqual(new Set(['number']));
    expect(typeOf('Founded')).toEqual(new Set(['number']));
    expect(typeOf('Name')).toEqual(new Set(['string']));
    expect(column(addon, view.sheetName, 'Company ID')).toEqual(await apiIds('companies', filters, 150));
  });

  it('stops when credits run out, keeps what landed, and Load more goes on after a top-up', async () => {
    const addon = kit.open([['Name']]);
    await kit.emulator().admin.setCredits(30);
    const filters = { current_position_titles: [{ value: 'Engineer' }] };
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'people', filters, rows: 300 }),
    );
    expect(view.state).toBe('stopped');
    expect(view.reason).toMatch(/^Out of credits after 100 results/);
    expect(column(addon, view.sheetName, 'Person ID')).toHaveLength(100);
    await kit.emulator().admin.setCredits(1000);
    const resumed = loadAll(
      addon,
      addon.call<SearchTabView>('loadMoreSearch', { sheetId: view.sheetId, rows: 200 }),
    );
    expect(resumed).toMatchObject({ state: 'done', rows: 300 });
    expect(column(addon, view.sheetName, 'Person ID')).toEqual(await apiIds('people', filters, 300));
  });

  it('refuses bad filters in one line and creates no tab', () => {
    const addon = kit.open([['Name']]);
    const sheets = addon.spreadsheet.getSheets().length;
    expect(() =>
      addon.call('previewSearch', { kind: 'people', filters: { titles: [{ value: 'x' }] }, rows: 10 }),
    ).toThrow('"titles" is not a people search filter.');
    expect(() =>
      addon.call('startSearch', {
        kind: 'companies',
        filters: { headcounts: [{ min: 9, max: 1 }] },
        rows: 10,
      }),
    ).toThrow('Employees: min (9) is above max (1).');
    expect(() => addon.call('previewSearch', { kind: 'people', filters: [], rows: 10 })).toThrow(
      'Filters must be an object of filter name → entries.',
    );
    // Entries are checked with the API's entry schemas, as Code.js bundles them: the same words.
    const entryProblems: [object, string][] = [
      [{ names: [{ value: 'Acme', exact: true }] }, 'Company names: unknown option "exact".'],
      [{ names: [{ value: 'Acme', exclude: 'yes' }] }, 'Company names: exclude must be true or false.'],
      [{ names: [{ value: 7 }] }, 'Company names: each value must be text.'],
      [{ names: [{ value: 'x'.repeat(201) }] }, 'Company names: a value is longer than 200 characters.'],
      [{ headcounts: [{ min: 1.5 }] }, 'Employees: min and max must be whole numbers.'],
      [{ headcounts: ['50-200'] }, 'Employees: each range must be an object with min and/or max.'],
    ];
    for (const [filters, problem] of entryProblems) {
      expect(() => addon.call('previewSearch', { kind: 'companies', filters, rows: 10 })).toThrow(problem);
    }
    expect(addon.spreadsheet.getSheets()).toHaveLength(sheets);
  });

  it('Enrich these people selects the tab, whose profile URL column the plan maps', () => {
    const addon = kit.open([['Name']]);
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'people', filters: VP, rows: 20 }),
    );
    addon.call('selectSearchTabRows', view.sheetId);
    const plan = addon.call<{ sheetName: string; selectionLabel: string; mapping: Record<string, number> }>(
      'planRun',
      { kind: 'enrich', fields: ['work_email'] },
    );
    const header = addon.spreadsheet
      .getSheetByName(view.sheetName)!
      .getRange(1, 1, 1, 13)
      .getDisplayValues()[0]!;
    expect(plan).toMatchObject({ sheetName: view.sheetName, selectionLabel: 'rows 2–21' });
    expect(plan.mapping.networkUrl).toBe(header.indexOf('Profile URL') + 1);
    expect(plan.mapping.firstName).toBe(header.indexOf('First name') + 1);
  });

  it('enriching a people tab adds no column repeating what the tab holds', async () => {
    const addon = kit.open([['Name']]);
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'people', filters: VP, rows: 20 }),
    );
    const before = sheetText(addon, view.sheetName)[0]!;
    addon.call('selectSearchTabRows', view.sheetId);
    const { start } = planAndStart(addon, { fields: ['work_email', 'phone'] });
    expect((await settle(addon, start.runId)).state).toBe('finished');
    const added = sheetText(addon, view.sheetName)[0]!.slice(before.length);
    expect(added).toEqual(WORK_EMAIL_AND_PHONE);
  });

  it('an empty Profile URL column, mapped, adds no profile columns', async () => {
    const rows = contactRows(people(6)).map((row) => [...row, '']);
    const addon = kit.open([[...HEADER, 'Profile URL'], ...rows]);
    addon.setSelection(`A2:A${rows.length + 1}`, SHEET);
    const { plan, start } = planAndStart(addon);
    expect(plan.mapping.networkUrl).toBe(HEADER.length + 1);
    expect((await settle(addon, start.runId)).state).toBe('finished');
    expect(sheetText(addon)[0]!.slice(HEADER.length + 1)).toEqual(WORK_EMAIL_AND_PHONE);
  });

  it('Find people at these companies gives the tab companies as the current-company filter', () => {
    const addon = kit.open([['Name']]);
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', {
        kind: 'companies',
        filters: { industries: [{ value: 'Retail' }] },
        rows: 5,
      }),
    );
    const found = addon.call<{ filters: Record<string, { value: string }[]>; companies: number }>(
      'companiesFilter',
      view.sheetId,
    );
    const ids = column(addon, view.sheetName, 'Company ID');
    expect(found.companies).toBe(5);
    expect(found.filters.current_company_ids!.map((entry) => entry.value)).toEqual(ids);
    const preview = addon.call<SearchPreview>('previewSearch', {
      kind: 'people',
      filters: found.filters,
      rows: 100,
    });
    expect(preview.total).toBeGreaterThan(0);
  });
});
