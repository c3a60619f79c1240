import {
  COMPANY_RANGE_FILTERS,
  COMPANY_TEXT_FILTERS,
  PEOPLE_RANGE_FILTERS,
  PEOPLE_TEXT_FILTERS,
} from '../../../src/api/schemas/requests';
import { checkFilters } from '../../../src/api/filter-check';
import { tabNameFor } from '../../../src/features/search/filter-names';
import { SEARCH_FILTERS, type SearchKind } from '../../../src/domain/search-filters';

const API_FILTER_NAMES = {
  companies: { text: COMPANY_TEXT_FILTERS, range: COMPANY_RANGE_FILTERS },
  people: { text: PEOPLE_TEXT_FILTERS, range: PEOPLE_RANGE_FILTERS },
};

describe('the search filter table', () => {
  it.each(['companies', 'people'] as SearchKind[])(
    'lists every %s filter of the API once, with its type',
    (kind) => {
      const table = SEARCH_FILTERS[kind];
      const names = table.map((spec) => spec.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((_, i) => table[i]!.type === 'text').sort()).toEqual(
        [...API_FILTER_NAMES[kind].text].sort(),
      );
      expect(names.filter((_, i) => table[i]!.type === 'range').sort()).toEqual(
        [...API_FILTER_NAMES[kind].range].sort(),
      );
    },
  );
});

describe('checkFilters', () => {
  it('keeps include, exclude and exact entries, trims values and drops empty ones', () => {
    expect(
      checkFilters('people', {
        current_position_titles: [{ value: ' VP Sales ' }, { value: 'Intern', exclude: true }, { value: '' }],
        person_locations: [{ value: 'DE', exact_match: true, exclude: false }],
        current_company_headcounts: [
          { min: 50, max: 200 },
          { min: 1000, exclude: true },
        ],
        person_skills: [],
      }),
    ).toEqual({
      filters: {
        current_position_titles: [{ value: 'VP Sales' }, { value: 'Intern', exclude: true }],
        person_locations: [{ value: 'DE', exact_match: true }],
        current_company_headcounts: [
          { min: 50, max: 200 },
          { min: 1000, exclude: true },
        ],
      },
    });
  });

  it.each([
    ['people', { titles: [{ value: 'x' }] }, '"titles" is not a people search filter.'],
    [
      'companies',
      { industry: [{ value: 'x' }] },
      '"industry" is not a company search filter: did you mean "industries"?',
    ],
    [
      'people',
      { 'person location': [{ value: 'x' }] },
      '"person location" is not a people search filter: did you mean "person_locations"?',
    ],
    [
      'companies',
      { current_position_titles: [] },
      '"current_position_titles" is not a company search filter.',
    ],
    ['companies', { headcounts: [{ min: 200, max: 50 }] }, 'Employees: min (200) is above max (50).'],
    ['companies', { headcounts: [{ min: '5' }] }, 'Employees: min and max must be whole numbers.'],
    ['companies', { names: 'Acme' }, 'Company names: expected a list of entries.'],
    ['companies', { names: [{ value: 'Acme', exact: true }] }, 'Company names: unknown option "exact".'],
    [
      'companies',
      { names: [{ value: 'Acme', exclude: 'yes' }] },
      'Company names: exclude must be true or false.',
    ],
    ['companies', [], 'Filters must be an object of filter name → entries.'],
  ] as [SearchKind, unknown, string][])('refuses %s filters %j in one line', (kind, filters, problem) => {
    expect(checkFilters(kind, filters)).toEqual({ problem });
  });
});

describe('tab names', () => {
  it('say what was searched, exclusions and ranges included, without characters Sheets refuses', () => {
    const checked = checkFilters('people', {
      current_position_titles: [{ value: 'VP Sales' }],
      person_locations: [{ value: 'Berlin' }],
      current_company_names: [{ value: 'Acme/Labs', exclude: true }],
    });
    expect('filters' in checked && tabNameFor('people', checked.filters)).toBe(
      'People · VP Sales · Berlin · not Acme Labs',
    );
    expect(tabNameFor('companies', { headcounts: [{ min: 50, max: 200 }] })).toBe(
      'Companies · 50–200 employees',
    );
    expect(tabNameFor('companies', {})).toBe('Companies · all');
    expect(tabNameFor('people', { person_names: [{ value: 'x'.repeat(100) }] })).toHaveLength(60);
  });

  it('name a search at given companies after them, not their ids ("People at Acme, Globex +18")', () => {
    const ids = Array.from({ length: 20 }, (_, n) => `cmp_${String(n).padStart(12, '0')}`);
    const filters = { current_company_ids: ids.map((value) => ({ value, exact_match: true })) };
    const labels = Object.fromEntries(
      ids.map((id, n) => [id, n === 0 ? 'Acme' : n === 1 ? 'Globex' : `Co ${n}`]),
    );
    expect(tabNameFor('people', filters, labels)).toBe('People at Acme, Globex +18');
    expect(
      tabNameFor('people', { ...filters, current_position_titles: [{ value: 'VP Sales' }] }, labels),
    ).toBe('People at Acme, Globex +18 · VP Sales');
    const long = {
      [ids[0]!]: 'Very Long Company Name Incorporated',
      [ids[1]!]: 'Another: Long/Name GmbH & Co',
    };
    const name = tabNameFor('people', filters, long);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toBe('People at Very Long Company N…, Another Long Name… +18');
    // Without names (the command line), the ids are what there is.
    expect(tabNameFor('people', { current_company_ids: [{ value: 'cmp_1' }] })).toBe('People at cmp_1');
  });
});
