import type { RunRecord } from '../../../src/store/registry';
import { appendRunLog, RUN_LOG_HEADER, RUN_LOG_SHEET } from '../../../src/store/run-log';
import { contextFor, createWorld } from '../fakes/context';

const run = (n: number): RunRecord => ({
  id: `r${n}`,
  kind: 'enrich',
  sheetId: 1,
  sheetName: 'Leads',
  mapping: {},
  fields: ['work_email'],
  overwrite: false,
  startedAt: Date.UTC(2026, 10, 22, 9, n % 60),
  state: 'finished',
  jobs: 1,
  sent: 10,
  done: 10,
  found: { workEmail: 7, personalEmail: 0, phone: 0, profile: 0, contacts: 7 },
  credits: 7,
  fromLedger: 0,
  unmatched: 0,
  estimatedCredits: 10,
  source: 'schedule',
  startedBy: 'ann@example.com',
  rowsInScope: 12,
});

describe('the run log tab', () => {
  it('gets one row per run with what the API charged', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    appendRunLog(ctx, [run(1)], {
      runs: new Map(),
      jobs: [{ run: 'r1', seq: 0, state: 'applied', rows: 'rows 2–11', id: 'job-9' }],
      unreadable: [],
      storeBytes: 0,
    });
    const sheet = world.spreadsheet.sheets.find((candidate) => candidate.name() === RUN_LOG_SHEET)!;
    expect(sheet.readDisplayValues(1, 1, 2, RUN_LOG_HEADER.length)).toEqual([
      RUN_LOG_HEADER,
      [
        '2026-11-22 09:01',
        'ann@example.com',
        'schedule',
        'Leads',
        '12',
        '10',
        '7',
        '7',
        '0',
        '0',
        '0',
        '10',
        '7',
        'finished',
        '',
        "ann@example.com's key",
        'r1',
        'job-9',
      ],
    ]);
  });

  it('keeps the latest 500 runs, trimming the oldest in one rewrite now and then', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    const empty = { runs: new Map(), jobs: [], unreadable: [], storeBytes: 0 };
    for (let n = 0; n < 600; n++) appendRunLog(ctx, [run(n)], empty);
    const sheet = world.spreadsheet.sheets.find((candidate) => candidate.name() === RUN_LOG_SHEET)!;
    expect(sheet.lastRow()).toBeLessThanOrEqual(1 + 550);
    const ids = sheet.readDisplayValues(2, 1, sheet.lastRow() - 1, 1).map(([at]) => at);
    // The newest run is last, the oldest ones are gone.
    expect(ids[ids.length - 1]).toBe('2026-11-22 09:59');
    expect(sheet.lastRow() - 1).toBeGreaterThanOrEqual(500);
  });

  it('rewrites a tab of an earlier layout in this one, and updates a run logged before', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    const empty = { runs: new Map(), jobs: [], unreadable: [], storeBytes: 0 };
    // The layout before: ids amid the row, raw state codes, workspace ids, no Run id column.
    const old = [...RUN_LOG_HEADER.slice(0, 13), 'Job ids', 'State', 'Reason', 'Paid with'];
    const earlier = old.map((name) => `earlier ${name}`);
    Object.assign(earlier, { 13: 'job-1', 14: 'out_of_credits', 16: "ann's key (workspace ws_1)" });
    world.spreadsheet.addSheet(RUN_LOG_SHEET, [old, earlier]);
    appendRunLog(ctx, [{ ...run(1), state: 'failed' }], empty);
    appendRunLog(ctx, [run(2)], empty);
    appendRunLog(ctx, [run(1)], empty);
    const sheet = world.spreadsheet.sheets.find((candidate) => candidate.name() === RUN_LOG_SHEET)!;
    const values = sheet.readDisplayValues(1, 1, sheet.lastRow(), RUN_LOG_HEADER.length);
    expect(values[0]).toEqual(RUN_LOG_HEADER);
    const outcome = RUN_LOG_HEADER.indexOf('Outcome');
    expect(values[1]!.slice(outcome)).toEqual(['out of credits', 'earlier Reason', "ann's key", '', 'job-1']);
    expect(values.slice(2).map((row) => [row.at(-2), row[outcome]])).toEqual([
      ['r1', 'finished'],
      ['r2', 'finished'],
    ]);
  });
});
