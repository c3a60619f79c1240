/**
 * The words users read about an answer: the row Status texts and the email verification statuses,
 * shared by the cells a run writes and the formulas, so both say the same thing.
 */

/** An email as saved: the address and the API's verification status. */
export interface SavedEmail {
  email: string;
  /** The API's verification status (DELIVERABLE, CATCH_ALL, …, or a value it added later). */
  status: string;
}

/** Why a contact that may have been bought is not sent: said by every hold (one string). */
export const NOT_TWICE = 'not sent again so you are not charged twice';

/** A row whose inputs or columns changed under a run: its answer went nowhere. */
const CHANGED = 'changed while the run was working: run this row again';

export const STATUS = {
  found: 'found',
  notFound: 'not found',
  saved: (status: string) => `${status} (saved)`,
  pending: 'pending',
  outOfCredits: 'out of credits',
  canceled: 'canceled',
  inputsChanged: `inputs ${CHANGED}`,
  columnsChanged: `a column ${CHANGED} (saved answers are free)`,
  ambiguous: `may have been started: ${NOT_TWICE} (see Jobs)`,
  /**
   * A started job that gave no answer for the row: its results would not come even forced, or it
   * was still working when given up on (24 hours). It may be paid for.
   */
  unfetched: 'may have been charged: its job gave no answer for it, so it was not sent again (see Jobs)',
  jobNotFound: 'failed: the job was not found at the API',
  /** A row of a job whose stored record is unreadable: its answers may be paid for already. */
  damagedJob:
    'job record damaged: import the job by its id (Jobs panel, log tab) to get its answers; if the provider has no such job, run the row with "look up again" of every field',
  error: (reason: string) => `error: ${reason}`,
  /** Rows a schedule's cap left for its next period: not final, the next tick takes them. */
  dailyCapReached: 'waiting: daily credit cap reached',
  runCapReached: 'waiting: credit cap per run reached',
  /** An answer kept out of a cell another formula's array result fills (sheet/spills.ts). */
  leftToFormula: (status: string, cell: string, anchor: string) =>
    `${status} · ${cell} left to the formula in ${anchor}`,
} as const;

/** The API's email verification statuses in the words a user reads in the status column. */
const EMAIL_STATUS_WORDS: Readonly<Record<string, string>> = {
  DELIVERABLE: 'Deliverable',
  HIGH_PROBABILITY: 'Probably valid',
  CATCH_ALL: 'Catch-all',
  INVALID: 'Invalid',
  INVALID_DOMAIN: 'Invalid domain',
};

/** Statuses whose address will bounce: never offered in the email column as if it could be used. */
const UNUSABLE_EMAIL_STATUS = /^INVALID(_DOMAIN)?$/;

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
export function emailCells(found: SavedEmail): { email?: string; status: string } {
  const status = emailStatusText(found.status);
  return UNUSABLE_EMAIL_STATUS.test(found.status.trim().toUpperCase())
    ? { status: `${status}: ${found.email}` }
    : { email: found.email, status };
}

/** The address an unusable email's status cell names ("Invalid: jane@acme.com" → the address), or "". */
export function emailNamedBy(statusText: string): string {
  return /: (\S+@\S+)$/.exec(statusText)?.[1] ?? '';
}
