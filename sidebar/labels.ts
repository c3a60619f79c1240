/** Words the page shows for the contract's codes. */
import { ENRICH_FIELDS, FIELD_TABLE, type EnrichField } from '../src/domain/fields';
import { KIND_LABELS, RUN_STATE_LABELS } from '../src/domain/runs';

export { INPUTS_BY_KIND, INPUT_HEADERS, INPUT_LABELS } from '../src/domain/inputs';

export const FIELD_LABELS: Readonly<Record<EnrichField, string>> = Object.fromEntries(
  ENRICH_FIELDS.map((field) => [field, FIELD_TABLE[field].label]),
) as Record<EnrichField, string>;

export { ENRICH_FIELDS, KIND_LABELS, RUN_STATE_LABELS };

/** 1 → A, 27 → AA: how the sheet names its columns. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
