/**
 * The inputs a sheet column can be mapped to, in one list: the header detection, the sidebar's
 * labels and mapping checks, the server's request schema and the CLI all read it. The keys of a
 * contact, of an enrichment item and of the input an answer echoes are derived from it.
 */
import type { JobKind } from './runs';

export const INPUT_KEYS = [
  'firstName',
  'lastName',
  'fullName',
  'companyName',
  'companyDomain',
  'networkUrl',
  'email',
] as const;

export type InputKey = (typeof INPUT_KEYS)[number];

/** The inputs a contact is read into, fingerprinted and sent with: a full name is split into first and last. */
export type ContactKey = Exclude<InputKey, 'fullName'>;
export const CONTACT_KEYS = INPUT_KEYS.filter((key): key is ContactKey => key !== 'fullName');

/** The inputs an enrichment item may carry (the API splits a lone full name; a reverse lookup sends the email alone). */
export type EnrichItemKey = Exclude<InputKey, 'email'>;

/**
 * The header a mapped column gets when Sheet Enrich adds a header row to a sheet without one. Each
 * reads back as its input (a test checks it), so later runs find the columns by their headers.
 */
export const INPUT_HEADERS: Readonly<Record<InputKey, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Name',
  companyName: 'Company name',
  companyDomain: 'Website',
  networkUrl: 'Profile URL',
  email: 'Email',
};

/** What the sidebar calls each input. */
export const INPUT_LABELS: Readonly<Record<InputKey, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  companyName: 'Company name',
  companyDomain: 'Company domain',
  networkUrl: 'Profile URL',
  email: 'Email',
};

/** Input → 1-based column index in the sheet (absent: not mapped). */
export type ColumnMapping = Partial<Record<InputKey, number>>;

/** The inputs each kind of run reads from the sheet, in the order the sidebar lists them. */
export const INPUTS_BY_KIND: Readonly<Record<JobKind, readonly InputKey[]>> = {
  enrich: INPUT_KEYS.filter((key) => key !== 'email'),
  reverse: ['email'],
};
