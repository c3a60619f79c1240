/** What a row's cells say about its answer: the Status texts and the output values from a ledger entry. */
import type { EnrichField, JobKind } from '../api/model';
import type { RowOutput } from '../sheet/writer';
import { entryFoundSomething, type LedgerEntry } from './ledger';
import type { FoundCounts } from './registry';

export const STATUS = {
  found: 'found',
  notFound: 'not found',
  saved: (status: string) => `${status} (saved)`,
  pending: 'pending',
  outOfCredits: 'out of credits',
  canceled: 'canceled',
  inputsChanged: 'inputs changed while the run was working: run this row again',
  columnsChanged: 'a column changed while the run was working: run this row again (saved answers are free)',
  ambiguous: 'may have been started: not sent again so you are not charged twice (see Jobs)',
  jobNotFound: 'failed: the job was not found at the API',
  timedOut: 'failed: no answer after 24 hours',
  error: (reason: string) => `error: ${reason}`,
} as const;

/** "2025-01-31T09:15:02Z": sortable and unambiguous in every locale. */
export function timestampText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The cells of a row answered by a ledger entry; `saved` when no credits were spent for it now. */
export function rowOutputFromEntry(
  entry: LedgerEntry,
  kind: JobKind,
  fields: readonly EnrichField[],
  saved: boolean,
): RowOutput {
  const status = entryFoundSomething(entry, kind, fields) ? STATUS.found : STATUS.notFound;
  const output: RowOutput = {
    status: saved ? STATUS.saved(status) : status,
    enrichedAt: timestampText(entry.at),
  };
  if (kind === 'enrich') {
    if (fields.includes('work_email') && entry.workEmail) {
      output.workEmail = entry.workEmail.email;
      output.workEmailStatus = entry.workEmail.status;
    }
    if (fields.includes('personal_email') && entry.personalEmail) {
      output.personalEmail = entry.personalEmail.email;
      output.personalEmailStatus = entry.personalEmail.status;
    }
    if (fields.includes('phone') && entry.phone) {
      output.phone = entry.phone.number;
      output.phoneRegion = entry.phone.region;
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

/** Counts one answered contact into a run's found counts. */
export function countFound(found: FoundCounts, entry: LedgerEntry, fields: readonly EnrichField[]): void {
  const before = found.workEmail + found.personalEmail + found.phone + found.profile;
  if (fields.includes('work_email') && entry.workEmail) found.workEmail++;
  if (fields.includes('personal_email') && entry.personalEmail) found.personalEmail++;
  if (fields.includes('phone') && entry.phone) found.phone++;
  if (entry.profile) found.profile++;
  if (found.workEmail + found.personalEmail + found.phone + found.profile > before)
    found.contacts = (found.contacts ?? 0) + 1;
}
