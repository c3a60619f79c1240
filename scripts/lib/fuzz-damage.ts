/**
 * The fuzzer's damage (fuzz-model.ts): the stores the add-on keeps in the document broken the way a
 * stray edit, a script or a bad copy breaks them (as chaos-damage.ts does mid-run): a run or job
 * record no longer JSON, a job sheet list cell, a ledger answer, the ledger's header row deleted, the
 * ledger sorted with its header, renamed or deleted, a formula request, the schedule's or the
 * automatic mode's record (whose day's count is money state too). Deterministic: the newest record
 * is the one hit.
 */
import type { Addon } from '../../dev/gas/harness';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import type { Damage, FAULTS } from './fuzz-model';

const GARBAGE = '{"v":1,"garbage';

/** Does `what` to the document; true when answers the ledger held are gone (rows garbled, sheet deleted). */
export function damageStore(addon: Addon, what: Damage, nth: number): boolean {
  const doc = addon.properties.document;
  const spreadsheet = addon.spreadsheet;
  const ledger = spreadsheet.getSheetByName(LEDGER_SHEET_NAME);
  const lastKey = (prefix: string) =>
    Object.keys(doc.getProperties())
      .filter((key) => key.startsWith(prefix))
      .sort()
      .pop();
  switch (what) {
    case 'runRecord':
    case 'jobRecord': {
      const key = lastKey(what === 'runRecord' ? DOCUMENT_PROPERTY.runPrefix : DOCUMENT_PROPERTY.jobPrefix);
      if (key) doc.setProperty(key, GARBAGE);
      return false;
    }
    case 'formulaQueue': {
      const key = lastKey(DOCUMENT_PROPERTY.formulaRequestPrefix);
      if (key) doc.setProperty(key, GARBAGE);
      return false;
    }
    case 'schedule':
    case 'autoSetting': {
      const key = what === 'schedule' ? DOCUMENT_PROPERTY.schedule : DOCUMENT_PROPERTY.formulaAuto;
      if (doc.getProperty(key) !== null) doc.setProperty(key, GARBAGE);
      return false;
    }
    case 'jobAndList':
      damageStore(addon, 'jobRecord', nth);
      damageStore(addon, 'jobSheet', nth);
      return false;
    case 'jobSheet':
    case 'olderList': {
      const jobs = spreadsheet.getSheetByName(JOB_SHEET_NAME);
      const row = (jobs?.getLastRow() ?? 0) - (what === 'olderList' ? 1 : 0);
      if (row >= 2) jobs!.getRange(row, 2).setValue(GARBAGE);
      return false;
    }
    case 'ledgerRows':
      if (!ledger || ledger.getLastRow() < 2) return false;
      ledger.getRange(ledger.getLastRow(), 2).setValue(GARBAGE);
      return true;
    case 'ledgerHeader': {
      // The header row only: once it is gone, row 1 holds an answer, and deleting it loses that
      // answer (finding 33 was the harness deleting a second "header", a paid answer).
      const header =
        ledger && ledger.getLastRow() >= 2 && ledger.getRange(1, 1).getDisplayValue() === 'fingerprint';
      if (header) ledger.deleteRow(1);
      return false;
    }
    case 'ledgerSort':
      if (ledger && ledger.getLastRow() >= 2)
        ledger.getRange(1, 1, ledger.getLastRow(), 2).sort({ column: 1, ascending: true });
      return false;
    case 'ledgerRename':
      if (ledger) ledger.setName(`old results ${nth}`);
      return false;
    case 'ledgerDelete':
      if (!ledger) return false;
      spreadsheet.deleteSheet(ledger);
      return true;
  }
}

/** What the provider and the network do from now on (the emulator's fault spec). */
export async function setFault(emulator: SpawnedEmulator, fault: (typeof FAULTS)[number]): Promise<void> {
  const admin = emulator.admin;
  if (fault === 'down') return void (await admin.config({ down: true }));
  const spec = {
    none: '5xx=0,429=0,403=0,lost=0,stuck=0',
    lost: 'lost=0.7',
    '5xx': '5xx=0.4',
    '429': '429=0.4',
    // A gateway refusing polls with the starting key: three in a row force the results.
    '403': '403=0.6',
    // Every poll, forced ones too: a job whose results never come (held as "may have been charged").
    refused: '403=1',
    stuck: 'stuck=1',
  }[fault];
  await admin.config({ faults: spec, down: false });
}
