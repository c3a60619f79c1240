/**
 * nothing-lost and truth per field (fuzz-invariants.ts checkEnd), against the emulator's outcomes
 * (`GET /__admin/outcomes`: what each item's credits paid for, and the person's data):
 * - every field charged (a work email, a personal email, a phone, a reverse lookup's profile) has
 *   its answer in the ledger, unless the ledger itself lost answers;
 * - every saved answer and every one a row shows (contacts sheet, emails sheet) is the person's;
 * - no row reads "not found" while an answer of a field it shows a column of is saved, and empty.
 */
import type { AdminOutcome } from '../../dev/emulator/admin-client';
import type { JobKind } from '../../src/domain/runs';
import { ENRICH_FIELDS, FIELD_TABLE } from '../../src/domain/fields';
import { emailNamedBy, STATUS } from '../../src/domain/statuses';
import { fingerprint } from '../../src/sheet/fingerprint';
import { NO_INPUTS } from '../../src/sheet/contact-input';
import type { OutputKey } from '../../src/sheet/output-columns';
import type { LedgerEntry } from '../../src/store/ledger-entry';
import { foundEmail, outputRows, type OutputRow } from './sheet-outputs';
import { hasInputs, type Violation } from './fuzz-held';

/**
 * What a charge paid for (the emulator's `charged_for`): where an answer keeps it, where a row
 * shows it (its column; an email that will bounce is named by its status cell alone), and the
 * person's truth.
 */
interface PaidFor {
  saved: (entry: LedgerEntry) => string | undefined;
  column: OutputKey;
  shown: (row: OutputRow) => string;
  truth: (outcome: AdminOutcome) => readonly string[];
}
const PAID_FOR: Record<string, PaidFor> = {
  work_email: {
    saved: (entry) => entry.workEmail?.email,
    column: 'workEmail',
    shown: (row) => foundEmail(row, 'work'),
    truth: (o) => o.work_emails,
  },
  personal_email: {
    saved: (entry) => entry.personalEmail?.email,
    column: 'personalEmail',
    shown: (row) => foundEmail(row, 'personal'),
    truth: (o) => o.personal_emails,
  },
  phone: {
    saved: (entry) => entry.phone?.number,
    column: 'phone',
    shown: (row) => row.phone ?? '',
    truth: (o) => o.phones,
  },
  profile: {
    saved: (entry) => entry.profile?.fullName,
    column: 'fullName',
    shown: (row) => row.fullName ?? '',
    truth: (o) => (o.full_name ? [o.full_name] : []),
  },
};
const PAID = Object.entries(PAID_FOR);

/** What the API may have answered for each fingerprint, per thing paid for. */
type Truths = Map<string, Map<string, Set<string>>>;

function truthsOf(outcomes: readonly AdminOutcome[]): Truths {
  const truths: Truths = new Map();
  for (const outcome of outcomes) {
    const known = truths.get(outcome.fp) ?? new Map<string, Set<string>>();
    for (const [thing, { truth }] of PAID) {
      const values = known.get(thing) ?? new Set<string>();
      truth(outcome).forEach((value) => values.add(value));
      known.set(thing, values);
    }
    truths.set(outcome.fp, known);
  }
  return truths;
}

/** Every field charged has its answer saved; every saved answer is its person's. */
export function ledgerAgainstTruth(
  ledger: ReadonlyMap<string, LedgerEntry>,
  outcomes: readonly AdminOutcome[],
  checkLost: boolean,
): Violation | undefined {
  const lost = outcomes.flatMap((outcome) =>
    !checkLost || outcome.credits === 0 || !outcome.fp
      ? []
      : outcome.charged_for
          .filter((thing) => !PAID_FOR[thing]?.saved(ledger.get(outcome.fp) ?? ({} as LedgerEntry)))
          .map((thing) => `${outcome.fp} ${thing} in ${outcome.name}`),
  );
  if (lost.length)
    return {
      invariant: 'nothing-lost',
      detail: `${lost.length} charges without a saved answer (${lost[0]})`,
    };
  const truths = truthsOf(outcomes);
  for (const [fp, entry] of ledger)
    for (const [thing, { saved }] of PAID) {
      const value = saved(entry);
      if (value && !truths.get(fp)?.get(thing)?.has(value))
        return {
          invariant: 'truth',
          detail: `the ledger says ${fp}'s ${thing} is ${value}; the API never said so`,
        };
    }
  return undefined;
}

/** The fingerprint of a row: contacts (A–D: first name, last name, company, website) or an email, as the add-on's. */
const rowFp = (kind: JobKind, cells: readonly string[]) =>
  kind === 'reverse'
    ? fingerprint('reverse', { ...NO_INPUTS, email: cells[0] ?? '' })
    : fingerprint('enrich', {
        ...NO_INPUTS,
        firstName: cells[0] ?? '',
        lastName: cells[1] ?? '',
        companyName: cells[2] ?? '',
        companyDomain: (cells[3] ?? '').toLowerCase(),
      });

/**
 * What a row shows is its inputs' person's, as the API answered it, field by field; a row reading
 * "not found" leaves no saved answer of a column it has empty (a paid answer it never shows is as
 * good as lost).
 */
export function rowsAgainstTruth(
  table: string[][],
  kind: JobKind,
  outcomes: readonly AdminOutcome[],
  ledger: ReadonlyMap<string, LedgerEntry>,
): Violation | undefined {
  const truths = truthsOf(outcomes);
  const outputs = outputRows(table, kind);
  const things = PAID.filter(([thing]) => (kind === 'reverse') === (thing === 'profile'));
  for (const [index, output] of outputs.entries()) {
    const cells = table[index + 1]!;
    if (!hasInputs(cells, kind)) continue;
    const fp = rowFp(kind, cells);
    const entry = ledger.get(fp);
    for (const [thing, { saved, column, shown: shownIn }] of things) {
      const shown = shownIn(output);
      const answer = entry && saved(entry);
      if (output.status === STATUS.notFound && answer && output[column] !== undefined && shown === '')
        return {
          invariant: 'truth',
          detail: `row ${index + 2} of ${kind} reads "not found"; its ${thing} ${answer} is saved`,
        };
      if (shown && !truths.get(fp)?.get(thing)?.has(shown))
        return {
          invariant: 'truth',
          detail: `row ${index + 2} (${cells.slice(0, 3).join(' ')}) shows ${thing} ${shown}`,
        };
    }
  }
  return undefined;
}

/**
 * Each person and thing a row shows the API's answer for (`fp:thing`): what a plan on a damaged
 * ledger trusts (plan.ts), so that no consent to the damage covers buying it again.
 */
export function shownAnswers(
  table: string[][],
  kind: JobKind,
  outcomes: readonly AdminOutcome[],
): Set<string> {
  const truths = truthsOf(outcomes);
  const shown = new Set<string>();
  const things = PAID.filter(([thing]) => (kind === 'reverse') === (thing === 'profile'));
  for (const [index, output] of outputRows(table, kind).entries()) {
    const cells = table[index + 1]!;
    if (!hasInputs(cells, kind)) continue;
    const fp = rowFp(kind, cells);
    for (const [thing, paid] of things)
      if (truths.get(fp)?.get(thing)?.has(paid.shown(output))) shown.add(`${fp}:${thing}`);
  }
  return shown;
}

/** What each formula the fuzzer types shows, by its name: a field, or a reverse lookup's profile. */
const FORMULA_SHOWS = new Map<string, string>([
  ...ENRICH_FIELDS.map((field) => [FIELD_TABLE[field].formula, field] as const),
  ['REVERSE_EMAIL', 'profile'],
]);
/** `=NAME(A5,…)` or `=NAME(A2:A9,…)`: the function and the rows its first argument reads. */
const FORMULA_CALL = /^=\s*([A-Z_]+)\(\s*A(\d+)(?::A(\d+))?\s*[,)]/;
/** What a formula shows that is no answer: a wait, a problem, "not found", a sheet's error. */
const NO_ANSWER = /^(|[⏳⚠—#].*)$/u;

/**
 * Each answer a formula of one column shows (`formulas`, `shown`: that column's formulas and
 * displayed values, from row 1) is the person's of the row it reads, as the API answered it: a
 * formula of ranges shows the answer for its first argument's n-th row n rows below itself.
 */
export function formulasAgainstTruth(
  table: string[][],
  formulas: readonly string[],
  shown: readonly string[],
  kind: JobKind,
  outcomes: readonly AdminOutcome[],
): Violation | undefined {
  const truths = truthsOf(outcomes);
  for (const [index, formula] of formulas.entries()) {
    const call = FORMULA_CALL.exec(formula);
    const thing = call && FORMULA_SHOWS.get(call[1]!);
    // A spill blocked by a value (or another formula) in its way shows #REF! and nothing below.
    if (!call || !thing || shown[index]!.startsWith('#')) continue;
    const from = Number(call[2]);
    for (let row = from; row <= Number(call[3] ?? from); row++) {
      const value = shown[index + row - from] ?? '';
      const cells = table[row - 1];
      if (NO_ANSWER.test(value) || !cells) continue;
      const answer = thing.endsWith('email') ? emailNamedBy(value) || value : value;
      if (!truths.get(rowFp(kind, cells))?.get(thing)?.has(answer))
        return {
          invariant: 'truth',
          detail: `${formula} shows ${value} for row ${row} (${cells.slice(0, 3).join(' ')}) in row ${index + row - from + 1}`,
        };
    }
  }
  return undefined;
}
