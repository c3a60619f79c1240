import { inOutputLayout, outputRows, readOutputs, withHeldReasons } from '../../../scripts/lib/sheet-outputs';
import { withoutSecrets } from '../../../scripts/lib/state-file';
import {
  balanceWarning,
  previewText,
  progressPrinter,
  searchSummaryText,
  showSearchProgress,
  statusLine,
  summaryText,
} from '../../../scripts/lib/report';
import { headerOf, OUTPUT_COLUMNS, type OutputKey } from '../../../src/sheet/output-columns';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import type { RuntimeState } from '../../../dev/gas/harness';
import type { RunProgress, SearchPreview, SearchTabView } from '../../../src/app/sidebar-contract';
import type { CsvEnrichmentSummary } from '../../../scripts/lib/enrich-run';

const HEADERS = OUTPUT_COLUMNS.map((column) => column.header);
const cells = (values: Record<string, string>) => HEADERS.map((header) => values[header] ?? '');

describe('one layout for every slice of a file', () => {
  const keys: OutputKey[] = ['status', 'workEmail', 'fullName', 'enrichedAt'];
  const input = ['First name', 'Company', 'LinkedIn URL'];

  it("puts each slice's cells under the same columns by key, whatever the add-on wrote", () => {
    // One slice got the profile columns (in another order), one none at all, one only some.
    const full = inOutputLayout(
      [
        [...input, 'Status', 'Work email', 'Full name', 'Enriched at'],
        ['Ada', 'A', 'u', 'found', 'ada@a.test', 'Ada L', 'today'],
      ],
      { header: 3, rows: 3 },
      'enrich',
      keys,
    );
    const none = inOutputLayout([input, ['Bob', 'B', '']], { header: 3, rows: 3 }, 'enrich', keys);
    const some = inOutputLayout(
      [
        [...input, 'Status', 'Work email', 'Enriched at'],
        ['Cy', 'C', '', 'not found', '', 'today'],
      ],
      { header: 3, rows: 3 },
      'enrich',
      keys,
    );
    const header = [...input, ...keys.map(headerOf)];
    expect([full[0], none[0], some[0]]).toEqual([header, header, header]);
    expect(full[1]).toEqual(['Ada', 'A', 'u', 'found', 'ada@a.test', 'Ada L', 'today']);
    expect(none[1]).toEqual(['Bob', 'B', '', '', '', '', '']);
    expect(some[1]).toEqual(['Cy', 'C', '', 'not found', '', '', 'today']);
    expect(outputRows(full, 'enrich')[0]).toMatchObject({ status: 'found', fullName: 'Ada L' });
  });

  it('keeps output columns the input already has where they are (a rerun over an enriched file)', () => {
    const enriched = [...input, 'Status', 'Work email', 'Enriched at'];
    const laid = inOutputLayout(
      [
        [...enriched, 'Full name'],
        ['Ada', 'A', 'u', 'found', 'ada@a.test', 'now', 'Ada L'],
      ],
      { header: 6, rows: 6 },
      'enrich',
      keys,
    );
    expect(laid[1]).toEqual(['Ada', 'A', 'u', 'found', 'ada@a.test', 'now', 'Ada L']);
    expect(outputRows(laid, 'enrich')[0]).toMatchObject({
      workEmail: 'ada@a.test',
      enrichedAt: 'now',
      fullName: 'Ada L',
    });
  });

  it('keeps what a row holds beyond the header after the output columns (a ragged CSV)', () => {
    // The add-on put its block after the slice's widest row: column E, past the row's extra field.
    const laid = inOutputLayout(
      [
        [...input, '', 'Status', 'Work email', 'Enriched at'],
        ['Ada', 'A', '', 'note', 'found', 'ada@a.test', 'now'],
        ['Bob', 'B', '', '', 'not found', '', 'now'],
      ],
      { header: 3, rows: 4 },
      'enrich',
      keys,
    );
    expect(laid).toEqual([
      [...input, ...keys.map(headerOf)],
      ['Ada', 'A', '', 'found', 'ada@a.test', '', 'now', 'note'],
      ['Bob', 'B', '', 'not found', '', '', 'now'],
    ]);
  });

  it("writes its block once past empty input columns (Excel's trailing comma), which stay empty", () => {
    // The add-on put its block from column D, the header's empty last column.
    const laid = inOutputLayout(
      [
        [...input, 'Status', 'Work email', 'Enriched at'],
        ['Ada', 'A', 'u', 'found', 'ada@a.test', 'now'],
      ],
      { header: 4, rows: 4, emptyHeaders: [3] },
      'enrich',
      keys,
    );
    expect(laid).toEqual([
      [...input, '', ...keys.map(headerOf)],
      ['Ada', 'A', 'u', '', 'found', 'ada@a.test', '', 'now'],
    ]);
  });

  it('gives a held row with no Status the reason it was not sent, and leaves every other Status', () => {
    const table = inOutputLayout(
      [input, ['Ada', 'A', ''], ['Bob', 'B', '']],
      { header: 3, rows: 3 },
      'enrich',
      keys,
    );
    table[2]![3] = 'found';
    const held = withHeldReasons(table, 'enrich', [
      { row: 2, reason: 'may have been started by an earlier run' },
      { row: 3, reason: 'already enriched' },
    ]);
    expect(outputRows(held, 'enrich').map((row) => row.status)).toEqual([
      'may have been started by an earlier run',
      'found',
    ]);
  });
});

describe('reading outputs back', () => {
  // A user column named "Status" before the block must not be mistaken for ours.
  const table = [
    ['First name', 'Status', ...HEADERS],
    ['Ada', 'lead', ...cells({ 'Work email': 'ada@a.test', Phone: '+331', Status: 'found' })],
    ['Bob', 'lead', ...cells({ 'Personal email': 'b@b.test', Status: 'found (saved)' })],
    ['Cy', '', ...cells({ Status: 'missing input: company' })],
  ];

  it('finds the block by its headers and counts found values and statuses', () => {
    expect(outputRows(table, 'enrich')[0]).toMatchObject({ workEmail: 'ada@a.test', status: 'found' });
    expect(readOutputs(table, 'enrich')).toEqual({
      found: { workEmail: 1, personalEmail: 1, phone: 1, profile: 0 },
      statuses: { found: 1, 'found (saved)': 1, 'missing input: company': 1 },
    });
  });

  it('reports rows without a block as having no status', () => {
    expect(readOutputs([['Email'], ['a@b.c']], 'reverse').statuses).toEqual({ '(none)': 1 });
  });
});

describe('the state file', () => {
  it('drops the API key and base URL and keeps everything else', () => {
    const state = {
      version: 1,
      properties: {
        user: { [USER_PROPERTY.apiKey]: 'sk-1', [USER_PROPERTY.apiBaseUrl]: 'http://x', other: 'kept' },
        document: { registry: 'kept' },
        script: {},
      },
    } as unknown as RuntimeState;
    const stripped = withoutSecrets(state);
    expect(stripped.properties).toEqual({
      user: { other: 'kept' },
      document: { registry: 'kept' },
      script: {},
    });
    expect(state.properties.user[USER_PROPERTY.apiKey]).toBe('sk-1');
  });
});

describe('the report', () => {
  const run = (done: number): RunProgress =>
    ({
      kind: 'enrich',
      state: 'running',
      sent: 10,
      done,
      credits: done,
      found: { workEmail: done, personalEmail: 0, phone: 0, profile: 0 },
    }) as RunProgress;

  function stream(isTTY: boolean) {
    const written: string[] = [];
    return {
      written,
      stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream,
    };
  }

  it('redraws one bar on a terminal', () => {
    const { written, stream: out } = stream(true);
    const printer = progressPrinter(out);
    printer.update(run(0));
    printer.update(run(5));
    printer.end();
    printer.end();
    expect(written[1]).toMatch(/^\r.*\[#{15}-{15}\] 50% 5\/10 contacts/);
    expect(written.slice(2)).toEqual(['\n']);
  });

  it('writes a plain line per change elsewhere', () => {
    const { written, stream: out } = stream(false);
    const printer = progressPrinter(out);
    [0, 0, 10].forEach((done) => printer.update(run(done)));
    expect(written).toEqual([
      expect.stringMatching(/^0\/10 contacts/),
      expect.stringMatching(/^10\/10 contacts/),
    ]);
  });

  it('says one of a thing in the singular: "1 phone", "1 contact sent", "1 profile · 1 credit"', () => {
    const { written, stream: out } = stream(false);
    const printer = progressPrinter(out);
    const one = { ...run(1), sent: 1, credits: 1 };
    printer.update({ ...one, found: { workEmail: 1, personalEmail: 0, phone: 1, profile: 0 } });
    printer.update({
      ...one,
      kind: 'reverse',
      found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 1 },
    });
    expect(written).toEqual([
      '1/1 contact · 1 work email, 0 personal, 1 phone · 1 credit · running\n',
      '1/1 contact · 1 profile · 1 credit · running\n',
    ]);
    const text = summaryText(
      {
        kind: 'enrich',
        rows: 1,
        sent: 1,
        rowsFromLedger: 0,
        rowsFromDuplicates: 1,
        skipped: [],
        found: { workEmail: 1, personalEmail: 0, phone: 0, profile: 0 },
        statuses: { found: 1 },
        credits: 1,
        spending: { manual: 1 },
        state: 'finished',
        unmatched: 1,
        urlfetchCalls: 1,
        rangeReads: 1,
        rangeWrites: 1,
        triggerRuns: 0,
        wallMs: 10,
        lost: [],
        carried: 0,
      } as unknown as CsvEnrichmentSummary,
      'out.csv',
    );
    expect(text).toMatch(/Rows: +1 \(1 contact sent, 0 from saved results, 1 duplicate, 0 skipped\)/);
    expect(text).toMatch(/UrlFetch: +1 call\n/);
    expect(text).toMatch(/Range calls: +1 read, 1 write\n/);
    expect(text).toMatch(/Unmatched: +1 answer whose row/);
  });

  it('summarises rows, finds, credits and calls', () => {
    const text = summaryText(
      {
        kind: 'enrich',
        rows: 3,
        sent: 2,
        rowsFromLedger: 1,
        rowsFromDuplicates: 0,
        skipped: [],
        found: { workEmail: 2, personalEmail: 0, phone: 1, profile: 0 },
        statuses: { found: 2, 'found (saved)': 1 },
        credits: 12,
        spending: { manual: 4, refresh: 8 },
        state: 'finished',
        lost: [],
        carried: 0,
        unfinished: 0,
        unmatched: 0,
        urlfetchCalls: 3,
        rangeReads: 3,
        rangeWrites: 6,
        triggerRuns: 1,
        wallMs: 1500,
      } as unknown as CsvEnrichmentSummary,
      'out.csv',
    );
    expect(text).toMatch(/Rows: +3 \(2 contacts sent, 1 from saved results/);
    expect(text).toMatch(/work email 2, personal email 0, phone 1/);
    expect(text).toMatch(/Credits: +12\nSpending: +manual 4, refresh 8\n/);
    expect(text).toMatch(/UrlFetch: +3 calls/);
    expect(text).toMatch(/Range calls: +3 reads, 6 writes/);
    expect(text).toMatch(/Trigger runs: +1/);
  });

  const tab = (rows: number, total: number, changes: Partial<SearchTabView> = {}): SearchTabView => ({
    sheetId: 3,
    sheetName: 'People · VP Sales · Germany',
    kind: 'people',
    description: 'VP Sales · Germany',
    rows,
    loaded: rows,
    total,
    max: 150,
    state: 'loading',
    refreshing: false,
    more: total - rows,
    pricePerResult: 0.25,
    ...changes,
  });

  it('says what a search matches and the most loading it costs', () => {
    const preview = { total: 25_412, rows: 150, maxCredits: 38, pricePerResult: 0.25 } as SearchPreview;
    expect(previewText(preview)).toBe(
      '25,412 matches · loading 150 costs at most 38 credits (a quarter credit per new result)',
    );
    expect(previewText({ ...preview, pricePerResult: 2 })).toMatch(/\(2 credits per new result\)$/);
    expect(balanceWarning({ ...preview, balance: 20 })).toMatch(/^The balance is 20 credits: loading stops/);
    expect(balanceWarning({ ...preview, balance: 38 })).toBeUndefined();
    expect(balanceWarning({ ...preview, balance: null })).toBeUndefined();
  });

  it("shows a search's progress against what it will hold: the rows asked for, or every match", () => {
    const { written, stream: out } = stream(false);
    const status = statusLine(out);
    showSearchProgress(status, tab(0, 0));
    showSearchProgress(status, tab(100, 25_412));
    showSearchProgress(status, tab(40, 40, { state: 'done' }));
    showSearchProgress(
      status,
      tab(100, 900, { state: 'stopped', reason: 'Out of credits after 100 results.' }),
    );
    expect(written).toEqual([
      '0/150 results · loading\n',
      '100/150 results · loading\n',
      '40/40 results · done\n',
      '100/150 results · stopped (Out of credits after 100 results.)\n',
    ]);
  });

  it('summarises a search with the reason it stopped', () => {
    const summary = {
      view: tab(1, 900, { state: 'stopped', reason: 'No.' }),
      table: [],
      urlfetchCalls: 1,
      spending: { search: 0.25 },
    };
    const text = searchSummaryText(summary, 'out.csv');
    expect(text).toMatch(/Tab: +People · VP Sales · Germany\n/);
    expect(text).toMatch(/Results: +1 in the tab, of 900 matches \(asked for 150\)/);
    expect(text).toMatch(/Spending: +search 0.25\nUrlFetch: +1 call\n/);
    expect(text).toMatch(/Run: +stopped \(No\.\)\nWritten: +out\.csv$/);
  });
});
