/**
 * What a user can ask an enrichment to find, in one table: every fact about a field is its row here,
 * and the API request, the prices, the sidebar, the output columns, the ledger and the formulas read
 * it. Adding a field is one row (plus its tests).
 */
export const FIELD_TABLE = {
  work_email: {
    /** The API's `enrich_fields` value (the values are not in the spec: docs/api-decisions.md). */
    api: 'contact.emails',
    /** Credits per result found (spec §1). */
    price: 1,
    /** What the sidebar calls it. */
    label: 'Work email',
    /** Where an answer keeps it: the ledger entry's and the found counts' key. */
    slot: 'workEmail',
    /** The output columns a run writes for it, in order: [key, header]. */
    columns: [
      ['workEmail', 'Work email'],
      ['workEmailStatus', 'Work email status'],
    ],
    /** The custom function that answers it from saved results. */
    formula: 'ENRICH_EMAIL',
  },
  personal_email: {
    api: 'contact.personal_emails',
    price: 3,
    label: 'Personal email',
    slot: 'personalEmail',
    columns: [
      ['personalEmail', 'Personal email'],
      ['personalEmailStatus', 'Personal email status'],
    ],
    formula: 'ENRICH_PERSONAL_EMAIL',
  },
  phone: {
    api: 'contact.phones',
    price: 10,
    label: 'Mobile phone',
    slot: 'phone',
    columns: [
      ['phone', 'Phone'],
      ['phoneRegion', 'Phone region'],
    ],
    formula: 'ENRICH_PHONE',
  },
} as const;

export type EnrichField = keyof typeof FIELD_TABLE;
/** The fields in the table's order: how the sidebar lists them and the columns follow. */
export const ENRICH_FIELDS = Object.keys(FIELD_TABLE) as EnrichField[];
/** Where an answer keeps a field: "workEmail", "personalEmail", "phone". */
export type FieldSlot = (typeof FIELD_TABLE)[EnrichField]['slot'];
/** The output columns a field's answer fills. */
export type FieldColumnKey = (typeof FIELD_TABLE)[EnrichField]['columns'][number][0];

const fieldMap = <T>(
  pick: (field: (typeof FIELD_TABLE)[EnrichField]) => T,
): Readonly<Record<EnrichField, T>> =>
  Object.fromEntries(ENRICH_FIELDS.map((field) => [field, pick(FIELD_TABLE[field])])) as Record<
    EnrichField,
    T
  >;

/** Credits per result found: the one price table of enrichment. */
export const PRICES = fieldMap((field) => field.price);
/** The API's `enrich_fields` value of each field. */
export const API_ENRICH_FIELD = fieldMap((field): string => field.api);

/**
 * Credits per profile a reverse lookup finds. The spec prices no reverse lookup; we assume one credit
 * (docs/api-decisions.md), so previews never promise a free run that the API may bill.
 */
export const REVERSE_PROFILE_PRICE = 1;

/**
 * Credits per search result (company or person) returned to the workspace for the first time: the
 * spec shows no search price; the provider's public docs say a quarter credit per result returned,
 * re-exports free (docs/api-decisions.md). The API bills whole credits as quarters add up.
 */
export const SEARCH_RESULT_PRICE = 0.25;
