/**
 * What a search tab and its card say, through the built add-on against the emulator: companies by
 * name (never their ids), numbers formatted, and a Refresh that adds only results the tab never
 * had (the rows the user deleted stay deleted), with the card counting what the tab holds.
 */
import type { Addon } from '../../dev/gas/harness';
import type { CompaniesFilterView, SearchTabView } from '../../src/app/sidebar-contract';
import { engineKit } from './support/engine';

const kit = engineKit();

function loadAll(addon: Addon, first: SearchTabView): SearchTabView {
  let view = first;
  for (let calls = 0; view.state === 'loading' && calls < 50; calls++)
    view = addon.call<SearchTabView>('continueSearch', view.sheetId);
  return view;
}

function column(addon: Addon, sheetName: string, header: string): string[] {
  const values = addon.spreadsheet.getSheetByName(sheetName)!.getDataRange().getDisplayValues() as string[][];
  const index = values[0]!.indexOf(header);
  return values.slice(1).map((row) => row[index] ?? '');
}

const spent = async () => (await kit.emulator().admin.stats()).credits_spent;

describe('a search tab', () => {
  it('names companies on its card, never their ids, and formats numbers in its name', () => {
    const addon = kit.open([['Name']]);
    const companies = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', {
        kind: 'companies',
        filters: { headcounts: [{ min: 50, max: 5000 }] },
        rows: 12,
      }),
    );
    expect(companies.sheetName).toBe('Companies · 50–5,000 employees');
    expect(companies.description).toBe('50–5,000 employees');
    const names = column(addon, companies.sheetName, 'Name');
    const found = addon.call<CompaniesFilterView>('companiesFilter', companies.sheetId);
    const people = addon.call<SearchTabView>('startSearch', {
      kind: 'people',
      filters: found.filters,
      labels: found.labels,
      rows: 5,
    });
    expect(people.description).toBe(`at ${names[0]}, ${names[1]} +10`);
    // The card is drawn again later from the stored record alone.
    expect(addon.call<SearchTabView>('continueSearch', people.sheetId).description).toBe(
      `at ${names[0]}, ${names[1]} +10`,
    );
    expect(people.description).not.toMatch(/cmp_/);
  });

  it('Refresh adds only results the tab never had: deleted rows stay deleted, the card counts the tab', async () => {
    const addon = kit.open([['Name']]);
    const filters = { current_position_seniority_level: [{ value: 'Director', exact_match: true }] };
    const first = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'people', filters, rows: 120 }),
    );
    expect(first.rows).toBe(120);
    const tab = addon.spreadsheet.getSheetByName(first.sheetName)!;
    const deleted = column(addon, first.sheetName, 'Person ID').slice(10, 40);
    tab.deleteRows(12, 30);
    // Counted from what the tab holds now, beside what Refresh pages through again.
    addon.setSelection('A1', first.sheetName);
    expect(addon.call<SearchTabView>('getSearchTab')).toMatchObject({ rows: 90, loaded: 120 });
    const before = await spent();
    const refreshed = loadAll(addon, addon.call<SearchTabView>('refreshSearch', first.sheetId));
    const ids = column(addon, first.sheetName, 'Person ID');
    expect(ids).toHaveLength(90);
    expect(ids.filter((id) => deleted.includes(id))).toEqual([]);
    expect(refreshed).toMatchObject({ state: 'done', rows: 90 });
    expect(await spent()).toBe(before);
  });
});
