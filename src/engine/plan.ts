/**
 * Planning a run (no credits spent): which rows go out, which are skipped and why, which are filled
 * from duplicates or from saved answers, and the most the run can cost.
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import { missingInput, type ContactInputs } from '../sheet/contact-input';
import { fingerprint } from '../sheet/fingerprint';
import { isFinalStatus, isProfileKey, outputKeysFor, type OutputKey } from '../sheet/output-columns';
import { ownedColumns } from '../sheet/output-layout';
import type { RowSpan, SheetPort } from '../platform/ports';
import {
  dataRowsIn,
  fieldColumnless,
  fieldUnshown,
  outputCell,
  readerOf,
  readSheetTable,
  type SheetTable,
} from '../sheet/table';
import { addHeaderRow } from '../sheet/writer';
import type { ColumnMapping, InputKey } from '../domain/inputs';
import { firstRowLooksLikeHeaders, withFirstRowHeaders } from '../sheet/header-choice';
import { ledgerOf, registryOf, type AppContext } from './context';
import { ledgerDamageText, type Ledger, type LedgerDamage } from '../store/ledger';
import { fieldsLacking, type LedgerEntry } from '../store/ledger-entry';
import {
  rememberedFirstRowHeaders,
  rememberMapping,
  resolveMapping,
  sanitiseMapping,
} from '../store/mapping-store';
import type { Registry } from '../store/registry';
import { jobsOf, maxCreditsPerContact, type PlannedContact } from './plan-cost';
import { DAY_MS } from '../store/local-time';
import { STATUS } from '../domain/statuses';
import { asksAgain, isHoldWords, NOT_OLD, replacingPending, sendRule, WAITING_FOR_RUN } from './paid-once';
import { answerUnshown } from './row-status';

export interface PlanOptions {
  kind: JobKind;
  fields: readonly EnrichField[];
  /** The user's corrected mapping; absent: remembered or detected. */
  mapping?: ColumnMapping;
  /** Look every row up again: every field asked anew, saved answers not reused. */
  overwrite: boolean;
  /**
   * With overwrite, a refresh: only contacts whose answer was saved before this time (ms) are looked
   * up again (asksAgain, paid-once.ts); the others are filled from their answer or left alone.
   */
  refreshBefore?: number;
  /** Selected rows; empty: every data row. */
  spans: readonly RowSpan[];
  /**
   * For a sheet where no row reads as headers: whether row 1 holds them all the same (the user's
   * answer, remembered with the mapping). Absent: the remembered answer, else `guessHeaders`.
   */
  firstRowHeaders?: boolean;
  /** With no answer given or remembered, let row 1's look decide (the sidebar; a schedule does not guess). */
  guessHeaders?: boolean;
  /**
   * A row whose Status is final but whose inputs have no saved answer had them edited since: send
   * it again (its outputs are replaced). The schedule plans this way: new rows are rows without an
   * answer in the ledger, whatever their Status says.
   */
  resendEdited?: boolean;
  /**
   * The plan is for a start, which writes: a sheet without a header row gets one above its data
   * first (every row moves down one; the plan's rows are the new ones). A preview never writes.
   */
  addHeaderRow?: boolean;
}

/** A selected row the run leaves alone, and why (in words the user reads). */
export interface SkippedRow {
  row: number;
  reason: string;
}

export interface RunPlan {
  options: PlanOptions;
  /** Fields as the run uses them: none for a reverse lookup. */
  fields: EnrichField[];
  sheet: SheetPort;
  /** Its headerRow is 0 when the sheet has none: such a plan can be shown, not launched. */
  table: SheetTable;
  /** False when no row read as headers (row 1 then holds them only by the user's answer). */
  headerDetected: boolean;
  mapping: ColumnMapping;
  /** The mapping names the inputs a row needs (every row would be skipped otherwise). */
  mappingComplete: boolean;
  /** Data rows in the selection. */
  rows: number;
  /** Selected rows left alone because they already have their results. */
  alreadyDone: number;
  /** What "look up again" (overwrite) would send: every selected contact, every field asked anew. */
  lookUpAgain: Reasked;
  toSend: PlannedContact[];
  /** Rows answered by a saved answer, with it; a held row's under the hold's words (`status`). */
  fromLedger: { row: number; entry: LedgerEntry; status?: string }[];
  /** Rows that repeat the inputs of an earlier row being sent: filled from its answer. */
  duplicateRows: number;
  /**
   * `written`: the start writes the reason as the row's Status: a row missing `input`, or one
   * `held` whose Status does not name that hold (below: no row is held without a word of why; a
   * preview that starts nothing writes the `held` ones itself: `explainHolds` in start.ts), as
   * `status` when that differs from the reason.
   */
  skipped: (SkippedRow & { written: false | 'input' | 'held'; status?: string })[];
  maxCredits: number;
  /** Contacts asked again for fields their saved answer has (overwrite), and that part of maxCredits. */
  reasked: Reasked;
  jobs: number;
  /** The ledger is damaged, and rows showing results were kept from being bought again: why. */
  ledgerDamage?: string;
}

interface Reasked {
  contacts: number;
  maxCredits: number;
}

/** A refresh of answers older than `days` (checked by the calls' schemas): the time they are older than. */
export const refreshCutoff = (now: number, days: number): number => now - days * DAY_MS;

/** Statuses that do not say a row is held: a held row showing one is given the hold's words. */
const UNEXPLAINED: readonly string[] = [
  STATUS.pending,
  STATUS.outOfCredits,
  STATUS.canceled,
  STATUS.dailyCapReached,
  STATUS.runCapReached,
  STATUS.inputsChanged,
  STATUS.columnsChanged,
];

/**
 * Whether a plan would buy what no saved answer covers: with the ledger damaged, it may have been
 * bought and lost. A contact with nothing saved (a reverse lookup asks no field: fuzz seed 64040),
 * or a field its saved answer lacks; what is asked anew (a refresh) is bought knowingly.
 */
export const buysUnsaved = (toSend: readonly PlannedContact[]): boolean =>
  toSend.some((contact) => !contact.saved || fieldsLacking(contact.saved, contact.fields).length > 0);

/** Reads the table (one Range read) and plans the run; pass the registry when the caller has it. */
export function buildPlan(
  ctx: AppContext,
  sheet: SheetPort,
  options: PlanOptions,
  registry: Registry = registryOf(ctx),
  // A caller that asks the ledger more (a schedule's tick: its damage) passes its own: one read.
  ledger: Ledger = ledgerOf(ctx),
): RunPlan {
  const { kind, refreshBefore } = options;
  const overwrite = options.overwrite && refreshBefore === undefined;
  const upTo = options.spans.length ? Math.max(...options.spans.map((span) => span.end)) : undefined;
  const read = readSheetTable(sheet, upTo);
  const headerDetected = read.headerRow > 0;
  const firstRowHeaders = headerDetected
    ? undefined
    : (options.firstRowHeaders ??
      rememberedFirstRowHeaders(ctx.documentStore, sheet.id(), kind) ??
      (options.guessHeaders === true && firstRowLooksLikeHeaders(read.values)));
  const table = firstRowHeaders ? withFirstRowHeaders(read) : read;
  const outputs = ownedColumns(table.outputs);
  const mapping = sanitiseMapping(
    options.mapping ?? resolveMapping(ctx.documentStore, table, kind),
    table.width,
    outputs,
  );
  let spans = options.spans;
  if (!table.headerRow && options.addHeaderRow && dataRowsIn(table, spans).length > 0) {
    addHeaderRow(table, mapping);
    spans = spans.map((span) => ({ start: span.start + 1, end: span.end + 1 }));
    // Remembered under the headers the columns have now, so the next run finds them by header.
    rememberMapping(ctx.documentStore, table, kind, mapping);
  } else if (options.mapping || options.firstRowHeaders !== undefined) {
    rememberMapping(ctx.documentStore, table, kind, mapping, firstRowHeaders);
  }
  const fields = kind === 'reverse' ? [] : [...new Set(options.fields)];

  const skipped: RunPlan['skipped'] = [];
  const skip = (row: number, reason: string, written: false | 'input' | 'held' = false, status = reason) => {
    skipped.push({ row, reason, written, ...(status === reason ? {} : { status }) });
  };
  const fromLedger: RunPlan['fromLedger'] = [];
  const byFp = new Map<string, PlannedContact>();
  const reasked: Reasked = { contacts: 0, maxCredits: 0 };
  let alreadyDone = 0;
  /** Every selected contact: what "look up again" would send. */
  const again = new Set<string>();
  const rows = dataRowsIn(table, spans);
  const reader = readerOf(table, mapping);
  const readings = rows.map((row) =>
    reader(table.values[row - 1]!).map((input) => ({ input, fp: fingerprint(kind, input) })),
  );
  // The ledger knows which fields each saved answer covers (a row's Status cannot say): only what
  // is missing is asked for, unless the user asks to look everything up again.
  const saved = ledger.lookup(readings.flat().map((reading) => reading.fp));
  const query = { kind, answered: saved, lost: ledger.lost, fields, overwrite, refreshBefore };
  const whyNotSent = sendRule(ctx, registry, query);
  let ledgerDamage: LedgerDamage | undefined;
  rows.forEach((row, index) => {
    // A row answered under its previous reading keeps it: its answer is found, not bought again.
    const ways = readings[index]!;
    const { input, fp } = ways.find((reading) => saved.has(reading.fp)) ?? ways[0]!;
    const missing = missingInput(kind, input);
    if (missing) return skip(row, missing, 'input');
    const status = outputCell(table, kind, 'status', row);
    // It may be paid for (paid-once.ts), and importing the job is free. Only "look up again"
    // (overwrite) sends it, knowingly: even when the job's record is gone and no job claims the row.
    const mayBeBought = whyNotSent(fp, status);
    const entry = saved.get(fp);
    // A held row says why: one with no Status yet, or one whose Status names no hold, or another
    // hold than it has now (a running job's, since ended: fuzz seed 38003), and that no running job
    // answers for: "pending" (a killed start's whose run record was lost: fuzz seed 45002), "run
    // this row again" (finding 21), "out of credits" (a top-up would not send it).
    if (mayBeBought) {
      const stale = status !== mayBeBought && (UNEXPLAINED.includes(status) || isHoldWords(status));
      const words = status === STATUS.pending ? replacingPending(mayBeBought) : mayBeBought;
      // What is saved for it is shown, free, under the hold's words: a row held over "not found"
      // kept those words beside a saved work email an earlier job bought (fuzz seed 64067).
      if (entry && answerUnshown(entry, fields, table, kind, row))
        fromLedger.push({ row, entry, status: words });
      else if (words === status) return skip(row, mayBeBought);
      return skip(
        row,
        mayBeBought,
        (status === '' || (stale && mayBeBought !== WAITING_FOR_RUN)) && 'held',
        words,
      );
    }
    const anew = asksAgain(query, entry);
    const final = !anew && isFinalStatus(status);
    again.add(fp);
    const unsaved = fieldsLacking(entry, fields);
    // A row showing an answer the ledger lacks was edited since (resendEdited sends it again)
    // unless the ledger is damaged: then the answer may be the one lost, and it is not bought again.
    // The same holds per field: a work email shown beside a saved personal email one (finding 72).
    // On a damaged ledger, so are the answers a row shows beside any other Status, as beside a final
    // one: each was written over cells that stay (a killed start's "pending", fuzz seed 64047; a
    // cap's wait, stop 62; the "inputs changed" that "pending" becomes, seed 64061) or put back by
    // an Undo after a sort beside another row's answer (an empty Status, stop 63), and the work
    // email the row showed was bought again. An edited row may then show its old inputs' answers
    // until "look up again": a display that may be wrong, never a purchase that may be a second.
    const keptShown = !anew && !final && !!ledger.damaged();
    const shown =
      (final && entry) || keptShown ? unsaved.filter((field) => !fieldUnshown(table, kind, field, row)) : [];
    const damage =
      ((final && !entry) || shown.length > 0) && options.resendEdited ? ledger.damaged() : undefined;
    if (damage) ledgerDamage = damage;
    const trustShown = !options.resendEdited || damage;
    const lacking = trustShown ? unsaved.filter((field) => !shown.includes(field)) : unsaved;
    const covered = !!entry && lacking.length === 0;
    // Every field asked is on the row: nothing to send, and the row gets its Status back (written
    // as a hold's words are, by a preview that starts nothing too: start.ts explainHolds).
    if (keptShown && shown.length > 0 && lacking.length === 0) {
      alreadyDone++;
      return skip(row, 'already enriched', 'held', STATUS.found);
    }
    // A refresh sends only old answers: a row without one, or lacking a field, waits for a plain run.
    if (refreshBefore !== undefined && !anew && !covered) return skip(row, NOT_OLD);
    // A row with its answer is left alone, unless a field it was never asked for is asked now: one
    // whose answer is saved (a formula bought it) but whose cells are empty is filled, free
    // (finding 66: the row read "not found" beside a paid work email).
    // A final Status with no saved answer is trusted for the fields the row was asked, and a field
    // with no column on the sheet never was (fuzz seed 64020 case 642: a run adding the work email
    // skipped a phone row's "not found", and the work email a formula bought was never shown). With
    // the ledger damaged, every field is trusted: the lost answer may be that one.
    const trusted = final && !entry && (!options.resendEdited || !!damage);
    const unasked =
      trusted && !ledger.damaged() ? fields.filter((field) => fieldColumnless(table, kind, field)) : [];
    if (final && (covered || (trusted && unasked.length === 0))) {
      if (covered && answerUnshown(entry, fields, table, kind, row)) {
        fromLedger.push({ row, entry });
        return;
      }
      alreadyDone++;
      return skip(row, 'already enriched');
    }
    if (covered && !anew) {
      fromLedger.push({ row, entry });
      return;
    }
    const contact = byFp.get(fp);
    if (contact) {
      contact.rows.push(row);
      return;
    }
    byFp.set(fp, {
      fp,
      input,
      rows: [row],
      fields: anew ? [...fields] : trusted ? unasked : lacking,
      saved: entry,
    });
    // The most a contact with a saved answer can cost again when every field is asked anew.
    const repeat =
      entry && anew
        ? maxCreditsPerContact(
            kind,
            fields.filter((field) => !lacking.includes(field)),
          )
        : 0;
    if (repeat > 0) {
      reasked.contacts++;
      reasked.maxCredits += repeat;
    }
  });
  const toSend = [...byFp.values()];
  skipped.sort((a, b) => a.row - b.row);
  // A plan the user confirms (the sidebar's) names a damaged ledger whenever it would spend: a
  // field with no saved answer may be one whose answer was lost (issue 28), beside another field's
  // saved since (stop 59: the phone's, with the work email looked up again after the sheet was
  // deleted); every plan names it when a row it read holds a lost answer (finding 210). One read
  // more at most (the lookup of a contact with nothing saved missed the cache), never per row.
  if (!ledgerDamage && (ledger.lost.size || (!options.resendEdited && buysUnsaved(toSend))))
    ledgerDamage = ledger.damaged();
  return {
    options: { ...options, spans },
    fields,
    sheet,
    table,
    headerDetected,
    mapping,
    mappingComplete: mappingCovers(kind, mapping),
    rows: rows.length,
    alreadyDone,
    lookUpAgain: {
      contacts: again.size,
      maxCredits: again.size * maxCreditsPerContact(kind, fields),
    },
    toSend,
    fromLedger,
    duplicateRows: toSend.reduce((sum, contact) => sum + contact.rows.length - 1, 0),
    skipped,
    maxCredits: toSend.reduce((sum, contact) => sum + maxCreditsPerContact(kind, contact.fields), 0),
    reasked,
    jobs: jobsOf(toSend, kind).length,
    ...(ledgerDamage ? { ledgerDamage: ledgerDamageText(ledgerDamage) } : {}),
  };
}

/**
 * Whether a row with every mapped cell filled could be sent: missingInput's rule, asked of the
 * mapping instead of a row (a full name gives both names, a work email the company's domain).
 */
export function mappingCovers(kind: JobKind, mapping: ColumnMapping): boolean {
  const has = (...keys: InputKey[]) => (keys.some((key) => mapping[key] !== undefined) ? 'x' : '');
  const probe: ContactInputs = {
    firstName: has('firstName', 'fullName'),
    lastName: has('lastName', 'fullName'),
    companyName: has('companyName'),
    companyDomain: has('companyDomain', 'email'),
    networkUrl: has('networkUrl'),
    email: has('email'),
  };
  return missingInput(kind, probe) === '';
}

/**
 * The output columns the plan's run writes (created with its first write if missing). An enrichment
 * gets profile columns only when a row in scope has a profile URL to fill them from: a mapped
 * column that is empty adds none.
 */
export function planOutputKeys(plan: RunPlan): OutputKey[] {
  const { table, mapping } = plan;
  const { kind, spans } = plan.options;
  const keys = outputKeysFor(kind, plan.fields, mapping);
  const column = mapping.networkUrl;
  if (kind === 'reverse' || column === undefined) return keys;
  const cell = (row: number) => (table.values[row - 1]![column - 1] ?? '').trim();
  const urls = dataRowsIn(table, spans).some((row) => cell(row) !== '');
  return urls ? keys : keys.filter((key) => !isProfileKey(key));
}
