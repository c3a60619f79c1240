import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { filterList, parseSearchArgs, readFiltersFile } from '../../../scripts/lib/search-args';
import { SEARCH_FILTERS } from '../../../src/domain/search-filters';
import { EnrichRunError, UsageError } from '../../../scripts/lib/run-error';
import { tempDir } from '../../support/temp-dir';

/** The refusal and whether the usage text follows it (UsageError) or it stands alone (one line). */
function refused(run: () => unknown): { message: string; usage: boolean } {
  try {
    run();
  } catch (error) {
    if (error instanceof EnrichRunError)
      return { message: error.message, usage: error instanceof UsageError };
    throw error;
  }
  throw new Error('expected a refusal');
}

function file(name: string, content: string): string {
  const path = join(tempDir('search-args-'), name);
  writeFileSync(path, content);
  return path;
}

describe('parseSearchArgs', () => {
  it('names the CSV after the filters file and the state after the CSV, beside them', () => {
    expect(parseSearchArgs(['people', '--filters', 'q/vp.json'])).toEqual({
      help: false,
      kind: 'people',
      filtersFile: resolve('q/vp.json'),
      max: 100,
      out: resolve('q/vp.people.csv'),
      statePath: resolve('q/vp.people.sheet-enrich-state.json'),
    });
    expect(
      parseSearchArgs(['companies', '--filters', 'f.json', '--out', 'o/x.csv', '--max', '10000']),
    ).toMatchObject({
      kind: 'companies',
      max: 10000,
      out: resolve('o/x.csv'),
      statePath: resolve('o/x.sheet-enrich-state.json'),
    });
  });

  it('takes the API and a state file', () => {
    const options = parseSearchArgs([
      'people',
      '--filters',
      'f.json',
      '--api-url',
      'http://127.0.0.1:1',
      '--api-key',
      'k',
      '--state',
      's.json',
    ]);
    expect(options).toMatchObject({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      statePath: resolve('s.json'),
    });
  });

  it.each([
    [['persons', '--filters', 'f.json'], /^"persons" is not a search: companies or people\.$/, false],
    [
      ['people', '--filters', 'f.json', '--max', '0'],
      /^--max wants a positive number of results up to 10000, got "0"\.$/,
      false,
    ],
    [['people', '--filters', 'f.json', '--max', '2.5'], /got "2\.5"/, false],
    [['people', '--filters', 'f.json', '--max', '10001'], /got "10001"/, false],
    [['people'], /Which filters\?/, true],
    [['--filters', 'f.json'], /companies or people\?/, true],
    [['people', 'companies', '--filters', 'f.json'], /One search at a time/, true],
    [['people', '--filters', 'f.json', '--api-url', 'http://x'], /go together/, true],
    [['people', '--filters', 'f.json', '--colour'], /^Unknown option '--colour'\.$/, true],
  ])('refuses %j', (argv, message, usage) => {
    expect(refused(() => parseSearchArgs(argv))).toEqual({ message: expect.stringMatching(message), usage });
  });
});

describe('readFiltersFile', () => {
  it('reads an object, with or without a byte-order mark', () => {
    expect(readFiltersFile(file('f.json', '\uFEFF{"names":[{"value":"Acme"}]}'))).toEqual({
      names: [{ value: 'Acme' }],
    });
  });

  it.each([
    ['{"names":', /f\.json is not JSON \(.+\)\.$/],
    ['[{"value":"x"}]', /f\.json must hold one object of filter name → entries/],
    ['"names"', /must hold one object/],
    ['null', /must hold one object/],
  ])('refuses %j in one line', (content, message) => {
    expect(refused(() => readFiltersFile(file('f.json', content)))).toEqual({
      message: expect.stringMatching(message),
      usage: false,
    });
  });

  it('names a missing file', () => {
    expect(refused(() => readFiltersFile('/nonexistent/f.json')).message).toBe(
      'No such file: /nonexistent/f.json',
    );
  });
});

describe('--list-filters', () => {
  it('lists every filter of both kinds, or of the kind given, with its kind and label', () => {
    expect(parseSearchArgs(['--list-filters'])).toMatchObject({ listFilters: ['companies', 'people'] });
    expect(parseSearchArgs(['people', '--list-filters'])).toMatchObject({ listFilters: ['people'] });
    expect(() => parseSearchArgs(['--list-filters', 'firms'])).toThrow(
      '"firms" is not a search: companies or people.',
    );
    const lines = filterList(['companies', 'people']).split('\n');
    expect(lines).toHaveLength(SEARCH_FILTERS.companies.length + SEARCH_FILTERS.people.length);
    expect(lines.some((line) => /^companies +industries +text +Industries$/.test(line))).toBe(true);
    expect(
      lines.some((line) => /^people +current_company_headcounts +range +Company employees$/.test(line)),
    ).toBe(true);
  });
});
