/**
 * Range.createTextFinder: a search Sheets runs on its side, so the script receives the matching
 * cells, not the range's contents (findAll; findNext and the other options are left out, and the
 * membrane reports them as not implemented). It still scans every cell of its range: counts.ts adds the
 * range's size to `cellsSearched` for each find call, so a benchmark never takes it for free.
 * Matches on the display value (formula text is not searched), case-insensitive and on any part of
 * the cell unless told otherwise; cells come row by row.
 */
import { GAS_TYPE, type GasObject } from '../membrane';
import { displayValue } from './display';
import type { FakeRange } from './range';

export class FakeTextFinder implements GasObject {
  readonly [GAS_TYPE] = 'TextFinder';
  private entireCell = false;
  private caseSensitive = false;

  constructor(
    private readonly range: FakeRange,
    private readonly text: string,
  ) {}

  /** Harness side: the cells one search scans (counts.ts). */
  cellCount(): number {
    return this.range.cellCount();
  }

  matchEntireCell(entireCell: boolean): FakeTextFinder {
    this.entireCell = entireCell === true;
    return this;
  }

  matchCase(matchCase: boolean): FakeTextFinder {
    this.caseSensitive = matchCase === true;
    return this;
  }

  findAll(): FakeRange[] {
    const wanted = this.caseSensitive ? String(this.text) : String(this.text).toLowerCase();
    const { row, column, numRows, numColumns } = this.range.getGridRect();
    const sheet = this.range.getSheet();
    const found: FakeRange[] = [];
    // A plain loop: benchmarks scan 50,000-row ledgers with it, and its time is counted as theirs.
    for (let r = row; r < row + numRows; r++) {
      for (let c = column; c < column + numColumns; c++) {
        const cell = sheet.cellAt(r, c);
        if (!cell) continue;
        const text = typeof cell.value === 'string' ? cell.value : displayValue(cell);
        const shown = this.caseSensitive ? text : text.toLowerCase();
        if (this.entireCell ? shown === wanted : wanted !== '' && shown.includes(wanted))
          found.push(sheet.rangeOf({ row: r, column: c, numRows: 1, numColumns: 1 }));
      }
    }
    return found;
  }
}
