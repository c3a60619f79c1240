/**
 * The Spending tab's book (store/spending.ts): charges add up per day, person and kind, a run that
 * ends again counts only what it charged since (as a retry when it was one), and an update costs one
 * read and one block write whatever the book's size.
 */
import type { RunRecord } from '../../../src/store/registry';
import { readSpending, recordSpending, runCharges, SPENDING_SHEET } from '../../../src/store/spending';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { contextFor, createWorld } from '../fakes/context';

const DAY = Date.UTC(2026, 10, 22, 9);
const HOUR = 3_600_000;

const run = (credits: number, changes: Partial<RunRecord> = {}): RunRecord => ({
  id: 'r1',
  kind: 'enrich',
  sheetId: 1,
  sheetName: 'Leads',
  mapping: {},
  fields: ['work_email'],
  overwrite: false,
  startedAt: DAY,
  state: 'finished',
  jobs: 1,
  sent: 10,
  done: 10,
  found: { workEmail: 7, personalEmail: 0, phone: 0, profile: 0 },
  credits,
  fromLedger: 0,
  unmatched: 0,
  startedBy: 'ann@example.com',
  ...changes,
});

describe('the Spending tab', () => {
  it('adds charges up by day, person and kind, and totals them by person, month and kind', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    recordSpending(ctx, [
      { at: DAY, by: 'ann@example.com', kind: 'manual', credits: 7 },
      { at: DAY + HOUR, by: 'ann@example.com', kind: 'manual', credits: 3 },
      { at: DAY + HOUR, by: '', kind: 'schedule', credits: 5 },
      { at: DAY + 24 * HOUR, by: 'bob@example.com', kind: 'search', credits: 2 },
      { at: DAY, by: 'bob@example.com', kind: 'manual', credits: 0 },
    ]);
    const sheet = world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false) as MemorySheet;
    expect(readSpending(sheet)).toEqual([
      { day: '2026-11-22', person: 'ann@example.com', kind: 'manual', credits: 10 },
      { day: '2026-11-22', person: 'unknown', kind: 'schedule', credits: 5 },
      { day: '2026-11-23', person: 'bob@example.com', kind: 'search', credits: 2 },
    ]);
    const totals = sheet.readDisplayValues(1, 6, 14, 2).filter(([label]) => label);
    expect(totals).toEqual([
      ['By person', 'Credits'],
      ['ann@example.com', '10'],
      ['unknown', '5'],
      ['bob@example.com', '2'],
      ['By month', 'Credits'],
      ['2026-11', '17'],
      ['By kind', 'Credits'],
      ['manual', '10'],
      ['schedule', '5'],
      ['search', '2'],
    ]);
    // The chart's table: a row per day, a column per person (by their total, largest first).
    expect(sheet.chart).toEqual({
      row: 1,
      column: 9,
      rows: 3,
      columns: 4,
      title: 'Credits per day',
    });
    expect(sheet.readDisplayValues(1, 9, 3, 4)).toEqual([
      ['Day', 'ann@example.com', 'unknown', 'bob@example.com'],
      ['2026-11-22', '10', '5', '0'],
      ['2026-11-23', '0', '0', '2'],
    ]);
  });

  it('costs one read and one block write per update, whatever the size of the book', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    const charges = Array.from({ length: 400 }, (_, n) => ({
      at: DAY + n * 24 * HOUR,
      by: `user${n % 5}@example.com`,
      kind: 'manual',
      credits: 1,
    }));
    recordSpending(ctx, charges);
    const sheet = world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false) as MemorySheet;
    sheet.reads = 0;
    sheet.writes = 0;
    recordSpending(ctx, [{ at: DAY, by: 'ann@example.com', kind: 'retry', credits: 4 }]);
    // The block: its text cells' format, then its values (MemorySheet counts writeCells as two).
    expect({ reads: sheet.reads, writes: sheet.writes }).toEqual({ reads: 1, writes: 2 });
    expect(readSpending(sheet)).toHaveLength(401);
    // The chart draws the last 31 days.
    expect(sheet.chart).toMatchObject({ rows: 32, columns: 7 });
    // Nothing charged: the tab is not even read.
    sheet.reads = 0;
    recordSpending(ctx, [{ at: DAY, by: 'ann@example.com', kind: 'manual', credits: 0 }]);
    expect(sheet.reads).toBe(0);
  });

  it('counts what a run charged once, and what it charged after ending again on that day, as a retry', () => {
    const ended = run(7);
    expect(runCharges(ended, DAY + HOUR)).toEqual([
      { at: DAY, by: 'ann@example.com', kind: 'manual', credits: 7 },
    ]);
    // Its lost start sent again: it ends again the next day with 4 credits more.
    Object.assign(ended, { credits: 11, retriedLost: 4 });
    expect(runCharges(ended, DAY + 25 * HOUR)).toEqual([
      { at: DAY + 25 * HOUR, by: 'ann@example.com', kind: 'retry', credits: 4 },
    ]);
    expect(runCharges(ended, DAY + 26 * HOUR)).toEqual([]);
    expect(runCharges(run(3, { source: 'formulas', automatic: true }), DAY)[0]!.kind).toBe(
      'formulas (automatic)',
    );
  });

  it('counts each job on the day it was sent (chargedOn), once, whatever day the run ends', () => {
    const ended = run(12, { chargedOn: { '2026-11-22': 5, '2026-11-23': 7 } });
    expect(runCharges(ended, DAY + 50 * HOUR)).toEqual([
      { at: '2026-11-22', by: 'ann@example.com', kind: 'manual', credits: 5 },
      { at: '2026-11-23', by: 'ann@example.com', kind: 'manual', credits: 7 },
    ]);
    expect(ended.chargedOn).toBeUndefined();
    // An imported lost start: its day is the day it was sent, not the day of the import.
    Object.assign(ended, { credits: 15, chargedOn: { '2026-11-22': 3 } });
    expect(runCharges(ended, DAY + 75 * HOUR)).toEqual([
      { at: '2026-11-22', by: 'ann@example.com', kind: 'manual', credits: 3 },
    ]);
  });
});
