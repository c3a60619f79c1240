/** The SpreadsheetApp global, bound to the document the add-on runs in. */
import { gasError } from '../errors';
import { GAS_TYPE, type GasObject } from '../membrane';
import type { FakeRange, FakeRangeList } from './range';
import type { FakeSheet } from './sheet';
import type { FakeSelection, FakeSpreadsheet } from './spreadsheet';
import { FakeUi, type UiRecord } from './ui';

export class FakeSpreadsheetApp implements GasObject {
  readonly [GAS_TYPE] = 'SpreadsheetApp';

  constructor(
    private readonly spreadsheet: FakeSpreadsheet,
    private readonly ui: UiRecord,
    private readonly addonName: string,
    private readonly onFlush: () => void = () => undefined,
  ) {}

  getActiveSpreadsheet(): FakeSpreadsheet {
    return this.spreadsheet;
  }

  getActive(): FakeSpreadsheet {
    return this.spreadsheet;
  }

  getActiveSheet(): FakeSheet {
    return this.spreadsheet.getActiveSheet();
  }

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    return this.spreadsheet.setActiveSheet(sheet);
  }

  getActiveRange(): FakeRange {
    return this.spreadsheet.getActiveRange();
  }

  getActiveRangeList(): FakeRangeList {
    return this.spreadsheet.getActiveRangeList();
  }

  getCurrentCell(): FakeRange {
    return this.spreadsheet.getCurrentCell();
  }

  getSelection(): FakeSelection {
    return this.spreadsheet.getSelection();
  }

  getUi(): FakeUi {
    return new FakeUi(this.ui, this.addonName);
  }

  /**
   * Writes are applied at once here; a flush is a point where Sheets sees the formulas as they are
   * now (recalc.ts: a formula whose text changed between two such points is evaluated again).
   */
  flush(): void {
    this.onFlush();
  }

  /** Only the document the add-on is bound to exists in this runtime. */
  openById(id: string): FakeSpreadsheet {
    if (id !== this.spreadsheet.getId())
      throw gasError(
        `Unexpected error while getting the method or property openById on object SpreadsheetApp.`,
      );
    return this.spreadsheet;
  }
}
