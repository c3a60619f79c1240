/** What a row's cells say about its answer: the Status texts and the output values from a ledger entry. */
import type { JobKind } from '../domain/runs';
import type { JobStatus } from '../domain/model';
import { ENRICH_FIELDS, FIELD_TABLE, type EnrichField } from '../domain/fields';
import type { RowOutput } from '../sheet/writer';
import { fieldUnshown, type SheetTable } from '../sheet/table';
import { emailCells, STATUS } from '../domain/statuses';
import { entryFoundSomething, fieldsLacking, type LedgerEntry } from '../store/ledger-entry';
import { minuteIn } from '../store/local-time';
import type { FoundCounts } from '../store/registry';

/** Row status of the contacts a final result has no answer for; undefined while the job runs. */
export const REST_STATUS: Partial<Record<JobStatus, string>> = {
  FINISHED: STATUS.notFound,
  CREDITS_INSUFFICIENT: STATUS.outOfCredits,
  CANCELED: STATUS.canceled,
};

/** "2025-01-31T09:15:02Z": sortable and unambiguous in every locale. */
export function timestampText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A row's cells when it has no answer: only its Status, and an empty "Enriched at". */
export const statusOnly = (status: string): RowOutput => ({ status, enrichedAt: '' });

/** A field's two cells (the value, then its status or region) from a saved answer, if it has one. */
function savedCells(entry: LedgerEntry, field: EnrichField): [string | undefined, string] | undefined {
  const slot = FIELD_TABLE[field].slot;
  if (slot === 'phone') return entry.phone && [entry.phone.number, entry.phone.region];
  const email = entry[slot];
  if (!email) return undefined;
  const cells = emailCells(email);
  return [cells.email, cells.status];
}

/** What a run needs to turn a saved answer into a row's cells. */
export interface RowOutputOptions {
  kind: JobKind;
  fields: readonly EnrichField[];
  /** No credits were spent for it now: the Status says "(saved)". */
  saved: boolean;
  /** The spreadsheet's: "Enriched at" shows the time as the user reads their clock. */
  timeZone: string;
  /** Asked again (look up again, a refresh): a field not found now empties its cells. */
  clear?: boolean;
}

/** The cells of a row answered by a ledger entry. */
export function rowOutputFromEntry(entry: LedgerEntry, options: RowOutputOptions): RowOutput {
  const { kind, fields } = options;
  const status = entryFoundSomething(entry, kind, fields) ? STATUS.found : STATUS.notFound;
  const output: RowOutput = {
    status: options.saved ? STATUS.saved(status) : status,
    enrichedAt: minuteIn(options.timeZone, entry.at),
  };
  if (kind === 'enrich') {
    for (const field of fields) {
      const [valueKey, detailKey] = FIELD_TABLE[field].columns.map(([key]) => key);
      const cells = savedCells(entry, field) ?? (options.clear ? ['', ''] : undefined);
      if (!cells) continue;
      output[valueKey!] = cells[0];
      output[detailKey!] = cells[1];
    }
  }
  const profile = entry.profile;
  if (profile) {
    output.fullName = profile.fullName ?? [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    output.title = profile.title;
    output.company = profile.companyName;
    output.companyDomain = profile.companyDomain;
    output.location = profile.location;
    output.networkUrl = profile.networkUrl;
  }
  return output;
}

/**
 * A scheduled run's row (it sends rows with no answer, edited ones too, whose cells then hold their
 * old inputs' answers): every output cell is rewritten from what is saved for the inputs now, every
 * field of it, so a field another run bought stays shown (findings 65, 90: wiped, only a paid
 * "look up again" brought it back), under `status` (absent: the saved answer's own), or the Status
 * alone when nothing is saved. Clearing only the cells of the fields asked would keep another
 * person's answers in the others, and keeping every cell would keep them in all.
 */
export function rewrittenRow(
  entry: LedgerEntry | undefined,
  status: string | undefined,
  options: Pick<RowOutputOptions, 'kind' | 'timeZone'>,
): RowOutput {
  const cells = entry
    ? rowOutputFromEntry(entry, { ...options, fields: entry.fields, saved: false })
    : statusOnly(status!);
  return { ...cells, status: status ?? cells.status, replace: true };
}

/** Counts one answered contact into a run's found counts. */
export function countFound(found: FoundCounts, entry: LedgerEntry, fields: readonly EnrichField[]): void {
  let any = !!entry.profile;
  if (entry.profile) found.profile++;
  for (const field of fields) {
    const slot = FIELD_TABLE[field].slot;
    if (!entry[slot]) continue;
    found[slot]++;
    any = true;
  }
  if (any) found.contacts = (found.contacts ?? 0) + 1;
}

/** Whether a row shows none of a field its saved answer holds, among `fields` (findings 66, 67). */
export const answerUnshown = (
  entry: LedgerEntry,
  fields: readonly EnrichField[],
  table: SheetTable,
  kind: JobKind,
  row: number,
): boolean =>
  fields.some((field) => !!entry[FIELD_TABLE[field].slot] && fieldUnshown(table, kind, field, row));

/**
 * Whether a schedule's rewrite of rows from what is saved (rewrittenRow) may wipe an answer the
 * ledger lost: with the ledger damaged, a row showing a field nothing saved holds may show that
 * answer, which plans trust (plan.ts); wiped, the next run bought it again (fuzz seed 64032, an
 * answer's write; stop 62, a row the schedule's cap left out). Such rows get their Status alone.
 */
export const mayWipeLostAnswer = (
  damaged: boolean,
  entry: LedgerEntry | undefined,
  table: SheetTable,
  kind: JobKind,
  rows: readonly number[],
): boolean => {
  if (!damaged) return false;
  const unsaved = fieldsLacking(entry, ENRICH_FIELDS);
  return rows.some((row) => unsaved.some((field) => !fieldUnshown(table, kind, field, row)));
};
