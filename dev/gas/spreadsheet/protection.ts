/**
 * Sheet.protect() and the Protection it returns ([protection]: "Access and modify protected ranges
 * and sheets"), with only the methods the add-on calls; any other is a missing fake, reported by
 * the membrane. A protection that is warning-only refuses nobody: "every user can edit data in the
 * protected range, except editing will prompt a warning asking the user to confirm the edit"
 * (Sheets API, ProtectedRange.warningOnly). A full one refuses every user who is not among its
 * editors (spreadsheet/limits.ts); the user who made it is its first editor.
 */
import { GAS_TYPE, type GasObject } from '../membrane';
import type { GridRect } from './a1';
import type { FakeSheet } from './sheet';

/** A protection as Sheets keeps it: which cells, who may edit them. */
export interface Protection {
  sheet: FakeSheet;
  rect: GridRect;
  /** Emails allowed to edit; everyone else is refused. */
  editors: readonly string[];
  /** A warning-only protection refuses nobody (spreadsheet/protection.ts). */
  warningOnly?: boolean;
  description?: string;
  /** A whole sheet's (Sheet.protect), or a range's (the harness's Addon.protect). */
  whole?: boolean;
}

export class FakeProtection implements GasObject {
  readonly [GAS_TYPE] = 'Protection';

  constructor(
    private readonly record: Protection,
    private readonly all: Protection[],
  ) {}

  setDescription(description: string): FakeProtection {
    this.record.description = String(description);
    return this;
  }

  getDescription(): string {
    return this.record.description ?? '';
  }

  setWarningOnly(warningOnly: boolean): FakeProtection {
    this.record.warningOnly = Boolean(warningOnly);
    return this;
  }

  isWarningOnly(): boolean {
    return !!this.record.warningOnly;
  }

  remove(): void {
    const at = this.all.indexOf(this.record);
    if (at >= 0) this.all.splice(at, 1);
  }
}

/** Sheet.protect(): the whole sheet, any cell of it, its maker its one editor until told otherwise. */
export function protectSheet(sheet: FakeSheet): FakeProtection {
  const record: Protection = {
    sheet,
    rect: { row: 1, column: 1, numRows: sheet.getMaxRows(), numColumns: sheet.getMaxColumns() },
    editors: [sheet.parent.actingUser],
    whole: true,
  };
  sheet.parent.protections.push(record);
  return new FakeProtection(record, sheet.parent.protections);
}
