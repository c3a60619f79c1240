/**
 * The inputs a sheet column can be mapped to, in one list: the header detection, the sidebar's
 * labels and mapping checks, the server's request schema and the CLI all read it.
 */
import type { JobKind } from '../api/model';

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

/** Input → 1-based column index in the sheet (absent: not mapped). */
export type ColumnMapping = Partial<Record<InputKey, number>>;

/** The inputs each kind of run reads from the sheet, in the order the sidebar lists them. */
export const INPUTS_BY_KIND: Readonly<Record<JobKind, readonly InputKey[]>> = {
  enrich: INPUT_KEYS.filter((key) => key !== 'email'),
  reverse: ['email'],
};
