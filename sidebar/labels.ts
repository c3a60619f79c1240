/** Words the page shows for the contract's codes. */
import type { EnrichField, JobKind } from '../src/api/model';
import type { InputKey, RunState } from '../src/ui/rpc';

export { INPUTS_BY_KIND, INPUT_HEADERS } from '../src/sheet/inputs';

export const INPUT_LABELS: Readonly<Record<InputKey, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  companyName: 'Company name',
  companyDomain: 'Company domain',
  networkUrl: 'Profile URL',
  email: 'Email',
};

export const FIELD_LABELS: Readonly<Record<EnrichField, string>> = {
  work_email: 'Work email',
  personal_email: 'Personal email',
  phone: 'Mobile phone',
};

export const ENRICH_FIELD_ORDER: readonly EnrichField[] = ['work_email', 'personal_email', 'phone'];

export const KIND_LABELS: Readonly<Record<JobKind, string>> = {
  enrich: 'Enrichment',
  reverse: 'Reverse lookup',
};

export const RUN_STATE_LABELS: Readonly<Record<RunState, string>> = {
  running: 'Running',
  finished: 'Finished',
  out_of_credits: 'Out of credits',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** 1 → A, 27 → AA: how the sheet names its columns. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
