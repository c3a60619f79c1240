/**
 * The Spending tab's book (store/spending.ts): charges add up per day, person and kind, a job's
 * charge counts once however often its line is written, and an update costs one read of the record,
 * one append and one block write whatever the book's size.
 */
import { CHARGES_SHEET, readSpending, recordSpending, SPENDING_SHEET } from '../../../src/store/spending';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { contextFor, createWorld } from '../fakes/context';

const DAY = Date.UTC(2026, 10, 22, 9);
const HOUR = 3_600_000;

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

  it('costs one read and one append of the record, and one block write of the tab, per update', () => {
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
    const record = world.spreadsheet.hiddenSheet(CHARGES_SHEET, false) as MemorySheet;
    for (const counted of [sheet, record]) Object.assign(counted, { reads: 0, writes: 0 });
    recordSpending(ctx, [{ at: DAY, by: 'ann@example.com', kind: 'retry', credits: 4 }]);
    // The block: its text cells' format, then its values (MemorySheet counts writeCells as two).
    expect({ reads: sheet.reads, writes: sheet.writes }).toEqual({ reads: 0, writes: 2 });
    expect({ reads: record.reads, writes: record.writes }).toEqual({ reads: 1, writes: 1 });
    expect(readSpending(sheet)).toHaveLength(401);
    // The chart draws the last 31 days.
    expect(sheet.chart).toMatchObject({ rows: 32, columns: 7 });
    // Nothing charged: the record is not even read.
    record.reads = 0;
    recordSpending(ctx, [{ at: DAY, by: 'ann@example.com', kind: 'manual', credits: 0 }]);
    expect(record.reads).toBe(0);
  });

  it("counts a job's charge once, from its last line, on the day, person and kind of its first", () => {
    const world = createWorld();
    const ctx = contextFor(world);
    const job = (credits: number, at = DAY) => ({
      job: 'j1',
      at,
      by: 'ann@example.com',
      kind: 'manual',
      credits,
    });
    recordSpending(ctx, [job(5)]);
    // Written again by a poll killed before its job was saved, then with what it charged since.
    recordSpending(ctx, [job(5), { ...job(9, DAY + 30 * HOUR), by: 'bob@example.com', kind: 'retry' }]);
    recordSpending(ctx, [{ job: 'j2', at: DAY, by: 'ann@example.com', kind: 'retry', credits: 4 }]);
    expect(readSpending(world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false))).toEqual([
      { day: '2026-11-22', person: 'ann@example.com', kind: 'manual', credits: 9 },
      { day: '2026-11-22', person: 'ann@example.com', kind: 'retry', credits: 4 },
    ]);
    expect(world.spreadsheet.hiddenSheet(CHARGES_SHEET, false)!.lastRow()).toBe(5);
  });

  it('keeps the book of a tab drawn before the record of charges existed', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    recordSpending(ctx, [{ at: DAY, by: 'ann@example.com', kind: 'manual', credits: 7 }]);
    world.spreadsheet.deleteSheetNamed(CHARGES_SHEET);
    recordSpending(ctx, [{ job: 'j1', at: DAY, by: 'ann@example.com', kind: 'manual', credits: 3 }]);
    recordSpending(ctx, [{ job: 'j1', at: DAY, by: 'ann@example.com', kind: 'manual', credits: 4 }]);
    expect(readSpending(world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false))).toEqual([
      { day: '2026-11-22', person: 'ann@example.com', kind: 'manual', credits: 11 },
    ]);
  });
});
