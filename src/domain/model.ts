/**
 * The internal result model: v1 and v2 API answers are mapped into these shapes by src/api,
 * and the rest of the add-on (job engine, ledger, custom functions, sidebar) only knows these.
 */
import type { InputKey } from './inputs';
import type { JobKind } from './runs';

export const JOB_STATUSES = [
  'CREATED',
  'IN_PROGRESS',
  'CANCELED',
  'CREDITS_INSUFFICIENT',
  'FINISHED',
  'RATE_LIMIT',
  'UNKNOWN',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface FoundEmail {
  email: string;
  /** DELIVERABLE, HIGH_PROBABILITY, CATCH_ALL, INVALID, INVALID_DOMAIN, or a value the API added later. */
  status?: string;
}

export interface FoundPhone {
  /** As the API sent it; may be E.164 or formatted. Always written to cells as text. */
  number: string;
  /** ISO 3166-1 alpha-2. */
  region?: string;
}

/** The profile fields the add-on shows in cells (from a v2 Person or a v1 profile). */
export interface ProfileSummary {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  title?: string;
  companyName?: string;
  companyDomain?: string;
  /** "City, Region, Country" of what the API gave. */
  location?: string;
  networkUrl?: string;
}

/** One item of a job result: what was found for one submitted contact. */
export interface ContactResult {
  /** The `custom` object sent with the item, returned unchanged: carries the row identity. */
  custom: Record<string, string>;
  /** The input the item was sent with, echoed back by the API. */
  input: Partial<Record<InputKey, string>>;
  workEmail?: FoundEmail;
  personalEmail?: FoundEmail;
  phone?: FoundPhone;
  workEmails: FoundEmail[];
  personalEmails: FoundEmail[];
  phones: FoundPhone[];
  profile?: ProfileSummary;
}

/** A result item the add-on could not read (not an object, or unusable even without its bad fields). */
export interface RejectedItem {
  index: number;
  /** Its `custom` (row identity), when that much could be read. */
  custom: Record<string, string>;
  reason: string;
}

export interface JobResult {
  id: string;
  name: string;
  kind: JobKind;
  status: JobStatus;
  /** The API's own status string when it is not one we know (status is then UNKNOWN): the enum may grow. */
  rawStatus?: string;
  items: ContactResult[];
  /** Items that could not be read at all: each fails only its own row, with the reason. */
  rejected: RejectedItem[];
  /** cost.credits: credits this job consumed so far. */
  credits: number;
}
