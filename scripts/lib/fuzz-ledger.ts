/**
 * What the add-on saved (its ledger sheets), as the fuzzer reads it: for the invariants at the end
 * of a case, and for what a retry's consent does not cover (a job's answers saved before it).
 */
import type { Addon } from '../../dev/gas/harness';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { LEDGER_ENTRY_CODEC, type LedgerEntry } from '../../src/store/ledger-entry';
import type { EnrichField } from '../../src/domain/fields';
import { readRecord } from '../../src/store/stored-records';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import type { Books } from './fuzz-books';

/**
 * The ledgers' answers by fingerprint (the later row wins), from each of Ann's documents' ledger
 * sheet, renamed or not (their contacts differ: fuzz-cast.ts).
 */
export function ledgerAnswers(docs: readonly Addon[]): Map<string, LedgerEntry> {
  const answers = new Map<string, LedgerEntry>();
  for (const doc of docs) {
    const sheets = doc.spreadsheet.getSheets();
    // The sheet the add-on reads: by its name, else by the id the document remembers (a renamed
    // one; not the first renamed sheet, which may be an empty one renamed before: finding 150).
    const id = doc.properties.document.getProperty(DOCUMENT_PROPERTY.ledgerSheetId);
    const ledger =
      sheets.find((sheet) => sheet.getName() === LEDGER_SHEET_NAME) ??
      sheets.find((sheet) => String(sheet.getSheetId()) === id);
    if (!ledger || ledger.getLastRow() === 0) continue;
    for (const [fp, text] of ledger.getRange(1, 1, ledger.getLastRow(), 2).getDisplayValues() as string[][]) {
      const entry = readRecord(LEDGER_ENTRY_CODEC, text ?? '');
      if (fp && entry) answers.set(fp, entry);
    }
  }
  return answers;
}

/**
 * Notes the contacts a job ("run R job N") was charged for and whose answers the add-on saved since
 * its run started, as the user is about to retry it: what a forced fetch of a stuck job found. The
 * retry's price counts none of them (docs/money-rule.md, "every resend asks only for what has no
 * answer"), so its consent excuses no second charge of them (the stuck-job retry charged
 * 16 people twice, which the consent alone excused). Noted before each retry, for that retry alone:
 * what an earlier retry's resend answered takes back none of that retry's consent (finding 170).
 */
export async function answeredBeforeRetry(
  books: Books,
  emulator: SpawnedEmulator,
  docs: readonly Addon[],
  job: string,
): Promise<Set<string>> {
  const noted = new Set<string>();
  const startedAt = books.runs.get(/^run (\S+) job \d+$/.exec(job)?.[1] ?? '')?.startedAt;
  if (startedAt === undefined) return noted;
  const saved = ledgerAnswers(docs);
  for (const { fp, credits, name, charged_for } of await emulator.admin.outcomes()) {
    const entry = saved.get(fp);
    // An answer of what was charged (a phone "not found" answers no work email: finding 111).
    const covers = charged_for.every(
      (thing) => thing === 'profile' || entry?.fields.includes(thing as EnrichField),
    );
    if (credits > 0 && name.endsWith(` · ${job}`) && covers && (entry?.at ?? -Infinity) >= startedAt)
      noted.add(fp);
  }
  return noted;
}
