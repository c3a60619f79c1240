/** What a row's cells say about its answer: the Status texts and the output values from a ledger entry. */
import type { EnrichField, JobKind } from '../api/model';
import type { RowOutput } from '../sheet/writer';
import { entryFoundSomething, type FoundEmail, type LedgerEntry } from './ledger';
import { minuteIn } from './local-time';
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

/** The API's email verification statuses in the words a user reads in the status column. */
const EMAIL_STATUS_WORDS: Readonly<Record<string, string>> = {
  DELIVERABLE: 'Deliverable',
  HIGH_PROBABILITY: 'Probably valid',
  CATCH_ALL: 'Catch-all',
  INVALID: 'Invalid',
  INVALID_DOMAIN: 'Invalid domain',
};

/** Statuses whose address will bounce: never offered in the email column as if it could be used. */
const UNUSABLE_EMAIL_STATUSES: ReadonlySet<string> = new Set(['INVALID', 'INVALID_DOMAIN']);

/**
 * An email status in words. An enum value the API added later reads as itself ("ROLE_ACCOUNT" →
 * "Role account"); anything else is shown as it came (it may be text already, or hostile: it goes
 * to the cell as text, never reshaped into something else).
 */
export function emailStatusText(status: string): string {
  const value = status.trim();
  const known = EMAIL_STATUS_WORDS[value.toUpperCase()];
  if (known) return known;
  if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(value)) return value;
  const words = value.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The email and status cells of a found email. An address that will bounce stays out of the email
 * column (a mail merge must not pick it up); its status cell says what was found instead.
 */
function emailCells(found: FoundEmail): { email?: string; status: string } {
  const status = emailStatusText(found.status);
  return UNUSABLE_EMAIL_STATUSES.has(found.status.trim().toUpperCase())
    ? { status: `${status}: ${found.email}` }
    : { email: found.email, status };
}

/** The address an unusable email's status cell names ("Invalid: jane@acme.com" → the address), or "". */
export function emailNamedBy(statusText: string): string {
  return /: (\S+@\S+)$/.exec(statusText)?.[1] ?? '';
}

/** What a run needs to turn a saved answer into a row's cells. */
export interface RowOutputOptions {
  kind: JobKind;
  fields: readonly EnrichField[];
  /** No credits were spent for it now: the Status says "(saved)". */
  saved: boolean;
  /** The spreadsheet's: "Enriched at" shows the time as the user reads their clock. */
  timeZone: string;
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
    if (fields.includes('work_email') && entry.workEmail) {
      const cells = emailCells(entry.workEmail);
      output.workEmail = cells.email;
      output.workEmailStatus = cells.status;
    }
    if (fields.includes('personal_email') && entry.personalEmail) {
      const cells = emailCells(entry.personalEmail);
      output.personalEmail = cells.email;
      output.personalEmailStatus = cells.status;
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
