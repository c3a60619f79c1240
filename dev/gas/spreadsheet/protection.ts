/**
 * Sheet.protect() and the Protection it returns ([protection]: "Access and modify protected ranges
 * and sheets"), with only the methods the add-on calls; any other is a missing fake, reported by
 * the membrane. A protection that is warning-only refuses nobody: "every user can edit data in the
 * protected range, except editing will prompt a warning asking the user to confirm the edit"
 * (Sheets API, ProtectedRange.warningOnly). A full one refuses every user who is not among its
 * editors (spreadsheet/limits.ts); the user who made it is its first editor.
 */
import { GAS_TYPE, type GasObject } from '../membrane';
import type { Protection } from './limits';

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
