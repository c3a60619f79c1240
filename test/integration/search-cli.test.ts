/**
 * `npm run search` as a user runs it: a child process on a filters file, against the test emulator.
 * The CSV holds what the API returns for the same filters, a larger --max loads only the rest, and
 * bad filters get one line and exit code 2.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { HOSTILE, HOSTILE_TITLE, runScript, tempFile } from './support/cli';
import { engineKit } from './support/engine';

const SECRET = 'sk-search-Secret-0077';
// A small world: a people search reads every person of it, and the default one takes seconds.
const kit = engineKit({
  keys: [SECRET],
  worldSize: { companies: 1_000, people: 10_000 },
  data: { people: [HOSTILE] },
});
const PEOPLE_ROUTE = 'POST /api/v2/people/search';
/** 823 people in that world: more than both runs load. */
const FILTERS = {
  current_position_titles: [{ value: 'Manager' }],
  person_locations: [{ value: 'United States' }],
};

const search = (args: string[]) =>
  runScript('search.ts', [...args, '--api-url', kit.emulator().baseUrl, '--api-key', SECRET]);

/** The ids the API itself returns for the filters, offsets 0 to count - 1, a page of 100 at a time. */
async function idsFromApi(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += 100) {
    const response = await fetch(`${kit.emulator().baseUrl}/api/v2/people/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...FILTERS, offset, limit: Math.min(100, count - offset) }),
    });
    const body = (await response.json()) as { people: { id: string }[] };
    ids.push(...body.people.map((person) => person.id));
  }
  return ids;
}

async function searchRequests(): Promise<number> {
  const counts = (await kit.emulator().admin.stats()).requests[PEOPLE_ROUTE] ?? {};
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** The CSV's rows: header first. */
const csvRows = (file: string): string[][] => parseCsv(readFileSync(file, 'utf8'));

/**
 * Refused before the add-on is asked (bad JSON) or by its own check, whose message comes back
 * through the entry point: what is in the filters file, and the one line. The other refusals (not an
 * object, unknown kind, bad --max...) are parseSearchArgs's and readFiltersFile's, whose one-line
 * path is the same as bad JSON's (test/unit/cli/search-args.test.ts).
 */
const REFUSALS: [string, string, RegExp][] = [
  ['bad JSON', '{"person_names":[', /^sheet-enrich: .*bad\.json is not JSON \(.+\)\.$/],
  [
    'an unknown filter',
    '{"job_titles":[{"value":"VP"}]}',
    /^sheet-enrich: "job_titles" is not a people search filter\.$/,
  ],
  [
    'a bad entry',
    '{"person_locations":[{"value":3}]}',
    /^sheet-enrich: Person locations: each value must be text\.$/,
  ],
];

// The emulator builds its people index on the first search: once, here, not inside a timed run.
beforeAll(() => idsFromApi(1), 30_000);

describe('npm run search', () => {
  it('writes what the API returns, and a larger --max loads only the rest', async () => {
    const filtersFile = tempFile('managers.json', JSON.stringify(FILTERS));
    const out = join(filtersFile, '..', 'managers.people.csv');
    const state = join(filtersFile, '..', 'managers.people.sheet-enrich-state.json');
    const expected = await idsFromApi(250);
    expect(new Set(expected).size).toBe(250);

    const before = await searchRequests();
    const first = await search(['people', '--filters', filtersFile, '--max', '150']);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stderr).toContain(
      '823 matches · loading 150 costs at most 38 credits (a quarter credit per new result)',
    );
    const [header, ...rows] = csvRows(out);
    // The id last: a key for taking the search up again, not what people read first.
    expect(header!.join(',')).toMatch(/^Full name,.*,Person ID$/);
    expect(rows.map((row) => row.at(-1))).toEqual(expected.slice(0, 150));
    expect(existsSync(state)).toBe(true);
    // The preview asks for one result, then two pages: 100 and 50.
    const afterFirst = await searchRequests();
    expect(afterFirst - before).toBe(3);

    const second = await search(['people', '--filters', filtersFile, '--max', '250']);
    expect(second).toMatchObject({ code: 0 });
    expect(second.stderr).not.toMatch(/matches · loading/); // no preview: the tab is taken up again
    const [, ...all] = csvRows(out);
    expect(all.map((row) => row.at(-1))).toEqual(expected);
    expect(all.slice(0, 150)).toEqual(rows);
    // One page of 100 from offset 150: the 150 already there are not fetched again.
    expect((await searchRequests()) - afterFirst).toBe(1);
    expect(second.stdout).toMatch(/Results: +250 in the tab, of 823 matches/);

    const third = await search(['people', '--filters', filtersFile, '--max', '200']);
    expect(third).toMatchObject({ code: 0 });
    expect(third.stderr).toMatch(/Nothing to load/);
    expect(csvRows(out)).toHaveLength(251);
    expect((await searchRequests()) - afterFirst).toBe(1);

    for (const seen of [first, second, third].flatMap((run) => [run.stdout, run.stderr]))
      expect(seen).not.toContain(SECRET);
    expect(readFileSync(state, 'utf8')).not.toContain(SECRET);
  });

  it("ends with what the API charged by kind, the emulator's books", async () => {
    const filtersFile = tempFile('spent.json', JSON.stringify(FILTERS));
    const run = await search(['people', '--filters', filtersFile, '--max', '150']);
    expect(run).toMatchObject({ code: 0 });
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    expect(spent).toBeGreaterThan(0);
    expect(run.stdout).toMatch(new RegExp(`\nSpending: +search ${spent}\n`));
  });

  it('stops out of credits with what landed, and the same command goes on after a top-up', async () => {
    const filtersFile = tempFile('managers.json', JSON.stringify(FILTERS));
    const out = join(filtersFile, '..', 'managers.people.csv');
    // A page of 100 costs 25 credits: the first lands, the second is refused.
    await kit.emulator().admin.setCredits(30, SECRET);
    const stopped = await search(['people', '--filters', filtersFile, '--max', '200']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/The balance is 30 credits: loading stops when it runs out/);
    expect(stopped.stdout).toMatch(/Run: +stopped \(Out of credits after 100 results\./);
    expect(csvRows(out)).toHaveLength(101);

    await kit.emulator().admin.setCredits(1_000, SECRET);
    const resumed = await search(['people', '--filters', filtersFile, '--max', '200']);
    expect(resumed).toMatchObject({ code: 0 });
    expect(
      csvRows(out)
        .slice(1)
        .map((row) => row.at(-1)),
    ).toEqual(await idsFromApi(200));
  });

  it('writes API values that would run as formulas as text', async () => {
    const filtersFile = tempFile('mallory.json', '{"person_names":[{"value":"Mallory Formula"}]}');
    const out = join(filtersFile, '..', 'mallory.csv');
    const result = await search(['people', '--filters', filtersFile, '--out', out]);
    expect(result).toMatchObject({ code: 0 });
    const [header, row] = csvRows(out);
    expect(row![header!.indexOf('Title')]).toBe(`'${HOSTILE_TITLE}`);
    expect(row![header!.indexOf('Full name')]).toBe('Mallory Formula');
  });

  it("stops on a refused key as the README says (exit 1), in the CLI's words", async () => {
    const filtersFile = tempFile('managers.json', JSON.stringify(FILTERS));
    const args = ['people', '--filters', filtersFile, '--api-url', kit.emulator().baseUrl];
    const result = await runScript('search.ts', [...args, '--api-key', 'sk-wrong-4411']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/key was refused/);
    expect(result.stderr).not.toMatch(/Settings/);
    expect(result.stdout + result.stderr).not.toContain('sk-wrong-4411');
  });

  it('refuses --out equal to the filters file, leaving the filters as they were', async () => {
    const filtersFile = tempFile('managers.json', JSON.stringify(FILTERS));
    const result = await search(['people', '--filters', filtersFile, '--out', filtersFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out and --filters are the same file/);
    expect(JSON.parse(readFileSync(filtersFile, 'utf8'))).toEqual(FILTERS);
  });

  // Each case is a child process of its own: run together, they take the time of about one.
  it('refuses bad filters with one line and exit code 2', async () => {
    const files = REFUSALS.map(([, content]) => tempFile('bad.json', content));
    const results = await Promise.all(files.map((file) => search(['people', '--filters', file])));
    results.forEach((result, index) => {
      const [what, , message] = REFUSALS[index]!;
      expect({ what, code: result.code, lines: result.stderr.trim().split('\n') }).toEqual({
        what,
        code: 2,
        lines: [expect.stringMatching(message)],
      });
      expect(existsSync(join(files[index]!, '..', 'bad.people.csv'))).toBe(false);
    });
  });
});
