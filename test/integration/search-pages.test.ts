/**
 * A paid search page always lands (issue 40): a value longer than a cell holds is cut as the run
 * writer cuts it, and says so; a page Sheets refuses for another reason (a protected tab) is left
 * unrecorded, said in words true for a search, and loaded at no cost once the cause is gone.
 */
import type { Addon } from '../../dev/gas/harness';
import type { SearchTabView } from '../../src/app/sidebar-contract';
import { engineKit } from './support/engine';

/** A company only these tests' filter finds, whose description is longer than a cell holds. */
const WORDY = {
  name: 'Wordy Works',
  domain: 'wordy-works.example',
  headcount: 987_654,
  description: 'word '.repeat(12_000),
};
const ONLY_WORDY = { headcounts: [{ min: 987_000, max: 988_000 }] };
const kit = engineKit({ data: { companies: [WORDY] } });

function loadAll(addon: Addon, first: SearchTabView): SearchTabView {
  let view = first;
  for (let calls = 0; view.state === 'loading' && calls < 10; calls++)
    view = addon.call<SearchTabView>('continueSearch', view.sheetId);
  return view;
}

const cells = (addon: Addon, view: SearchTabView, header: string): string[] => {
  const values = addon.spreadsheet.getSheetByName(view.sheetName)!.getDataRange().getValues() as string[][];
  return values.slice(1).map((row) => String(row[values[0]!.indexOf(header)]));
};

describe('a search page', () => {
  it('lands with a value longer than a cell holds: cut at 50,000 characters, saying so', () => {
    const addon = kit.open([['Name']]);
    const view = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'companies', filters: ONLY_WORDY, rows: 5 }),
    );
    expect(view).toMatchObject({ state: 'done', rows: 1 });
    const [description] = cells(addon, view, 'Description');
    expect(description).toHaveLength(50_000);
    expect(description).toMatch(/^word word .*… \[cut: a cell holds 50,000 characters\]$/);
  });

  it('Sheets refusing it: paused in words true for a search, then loaded at no cost', async () => {
    const addon = kit.open([['Name']]);
    const filters = { headcounts: [{ min: 50, max: 5000 }] };
    const first = loadAll(
      addon,
      addon.call<SearchTabView>('startSearch', { kind: 'companies', filters, rows: 10 }),
    );
    expect(first).toMatchObject({ state: 'done', rows: 10 });
    addon.protect('A1:Z1000', first.sheetName, ['owner@example.com']);
    const refused = addon.call<SearchTabView>('loadMoreSearch', { sheetId: first.sheetId, rows: 10 });
    expect(refused).toMatchObject({ state: 'loading', rows: 10 });
    expect(refused.reason).toBe(
      'Paused: Sheets refused to write the results: some of its cells are protected and your account may not edit them. Ask the owner for edit rights there (Data › Protect sheets and ranges), or to remove the protection. These results are paid for: Continue once fixed loads them at no cost.',
    );
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    addon.unprotectAll();
    const loaded = loadAll(addon, addon.call<SearchTabView>('continueSearch', first.sheetId));
    expect(loaded).toMatchObject({ state: 'done', rows: 20 });
    expect(loaded.reason).toBeUndefined();
    expect(cells(addon, loaded, 'Company ID')).toHaveLength(20);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
  });
});
