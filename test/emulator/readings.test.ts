/**
 * The emulator and the add-on read the spec apart (dev/emulator imports nothing from src/), and this
 * test compares the two readings: prices, limits, filter names, `enrich_fields` values, and which
 * request bodies each accepts. A disagreement means one side misread the spec; the verdicts of those
 * found so far are in docs/api-decisions.md ("Emulator vs add-on: independent readings").
 */
import * as emulator from '../../dev/emulator/requests';
import * as terms from '../../dev/emulator/terms';
import {
  API_ENRICH_FIELD,
  PRICES,
  REVERSE_PROFILE_PRICE,
  SEARCH_RESULT_PRICE,
} from '../../src/domain/fields';
import * as addOn from '../../src/api/schemas/requests';
import { LIMITS } from '../../src/domain/limits';

describe('prices and limits', () => {
  it('price the same results the same (spec §1, and the documented reverse and search prices)', () => {
    expect(terms.ENRICH_PRICES).toEqual(PRICES);
    expect(terms.REVERSE_PROFILE_PRICE).toBe(REVERSE_PROFILE_PRICE);
    expect(terms.SEARCH_RESULT_PRICE).toBe(SEARCH_RESULT_PRICE);
  });

  it('have the same API limits (spec §8, and the documented ones where it is silent)', () => {
    expect(terms.LIMITS).toEqual({
      itemsPerEnrichJob: LIMITS.itemsPerEnrichJob,
      itemsPerReverseJob: LIMITS.itemsPerReverseJob,
      searchDefaultLimit: LIMITS.searchDefaultLimit,
      searchMaxLimit: LIMITS.searchMaxLimit,
      // The add-on has one search limit for both kinds: it assumes people search's is company search's.
      peopleSearchDefaultLimit: LIMITS.searchDefaultLimit,
      peopleSearchMaxLimit: LIMITS.searchMaxLimit,
    });
  });
});

describe('request vocabulary', () => {
  it('has the same search filters (spec §4.8, §4.9)', () => {
    expect(emulator.COMPANY_FILTERS).toEqual({
      text: addOn.COMPANY_TEXT_FILTERS,
      range: addOn.COMPANY_RANGE_FILTERS,
    });
    expect(emulator.PEOPLE_FILTERS).toEqual({
      text: addOn.PEOPLE_TEXT_FILTERS,
      range: addOn.PEOPLE_RANGE_FILTERS,
    });
  });

  it('accepts the same enrich_fields values, and each value the add-on sends asks for its field', () => {
    expect(Object.keys(emulator.ENRICH_FIELD_VALUES).sort()).toEqual([...addOn.ENRICH_FIELD_VALUES].sort());
    for (const [field, value] of Object.entries(API_ENRICH_FIELD))
      expect(emulator.ENRICH_FIELD_VALUES[value as keyof typeof emulator.ENRICH_FIELD_VALUES]).toBe(field);
  });
});

// ---- which bodies each side accepts ----

const person = { firstname: 'Ada', lastname: 'Lovelace', domain: 'example.com' };
const enrich = (items: unknown[], extra: object = {}) => ({ name: 'job', datas: items, ...extra });
const reverse = (items: unknown[], extra: object = {}) => ({ name: 'job', data: items, ...extra });
const times = (n: number, item: unknown) => Array.from({ length: n }, () => item);
const everyFilter = (filters: { text: readonly string[]; range: readonly string[] }) => ({
  ...Object.fromEntries(
    filters.text.map((name) => [name, [{ value: 'a', exact_match: true, exclude: false }]]),
  ),
  ...Object.fromEntries(filters.range.map((name) => [name, [{ min: 1, max: 9, exclude: true }]])),
});

type Body = [description: string, body: unknown, accepted: boolean];

const BODIES: Record<'enrichV1' | 'reverseV2' | 'reverseV1' | 'company' | 'people', Body[]> = {
  enrichV1: [
    ['a name + company item', enrich([person]), true],
    ['company by name', enrich([{ firstname: 'A', lastname: 'B', company_name: 'Acme' }]), true],
    ['a profile URL alone', enrich([{ network_url: 'https://network.example/in/ada' }]), true],
    [
      'every field',
      enrich(
        [
          {
            ...person,
            company_name: 'Acme',
            network_url: 'u',
            enrich_fields: ['contact.phones'],
            custom: { fp: 'x' },
          },
        ],
        { webhook_url: 'http://127.0.0.1/h' },
      ),
      true,
    ],
    ['100 items', enrich(times(100, person)), true],
    ['101 items', enrich(times(101, person)), false],
    ['no items', enrich([]), false],
    ['no name', { datas: [person] }, false],
    ['a blank name', enrich([person], { name: '  ' }), false],
    ['no company', enrich([{ firstname: 'A', lastname: 'B' }]), false],
    ['a blank profile URL', enrich([{ network_url: ' ' }]), false],
    ['a number in custom', enrich([{ ...person, custom: { row: 3 } }]), false],
    ['an unknown enrich_fields value', enrich([{ ...person, enrich_fields: ['contact.address'] }]), false],
    ['an unknown item field', enrich([{ ...person, company: 'Acme' }]), false],
    ['an unknown body field', enrich([person], { data: [] }), false],
    ['the v2 spelling `data`', { name: 'job', data: [person] }, false],
  ],
  reverseV2: [
    ['emails with custom', reverse([{ email: 'a@b.c', custom: { fp: '1' } }]), true],
    [
      'webhooks',
      reverse([{ email: 'a@b.c' }], { webhook_url: 'u', webhook_events: { contact_finished: 'v' } }),
      true,
    ],
    ['100 emails', reverse(times(100, { email: 'a@b.c' })), true],
    ['101 emails', reverse(times(101, { email: 'a@b.c' })), false],
    ['no emails', reverse([]), false],
    ['an empty email', reverse([{ email: '' }]), false],
    ['no name', { data: [{ email: 'a@b.c' }] }, false],
    ['a number in custom', reverse([{ email: 'a@b.c', custom: { row: 3 } }]), false],
    [
      'an unknown webhook event',
      reverse([{ email: 'a@b.c' }], { webhook_events: { job_finished: 'v' } }),
      false,
    ],
  ],
  reverseV1: [
    ['emails', reverse([{ email: 'a@b.c' }], { webhook_url: 'u' }), true],
    ['custom (not in §4.5)', reverse([{ email: 'a@b.c', custom: { fp: '1' } }]), false],
    ['webhook_events (v2 only)', reverse([{ email: 'a@b.c' }], { webhook_events: {} }), false],
    ['101 emails', reverse(times(101, { email: 'a@b.c' })), false],
  ],
  company: [
    ['nothing', {}, true],
    ['every filter', { offset: 0, limit: 100, ...everyFilter(emulator.COMPANY_FILTERS) }, true],
    ['limit 101', { limit: 101 }, false],
    ['limit 0', { limit: 0 }, false],
    ['a negative offset', { offset: -1 }, false],
    ['a fractional limit', { limit: 2.5 }, false],
    ['a text entry without value', { names: [{ exact_match: true }] }, false],
    ['a fractional range bound', { headcounts: [{ min: 1.5 }] }, false],
    ['an unknown entry key', { names: [{ value: 'a', match: 'exact' }] }, false],
    ['a people filter', { person_names: [{ value: 'a' }] }, false],
  ],
  people: [
    ['nothing', {}, true],
    ['every filter', { offset: 5, limit: 100, ...everyFilter(emulator.PEOPLE_FILTERS) }, true],
    ['limit 101', { limit: 101 }, false],
    ['a company filter', { names: [{ value: 'a' }] }, false],
  ],
};

const SCHEMAS = {
  enrichV1: [emulator.enrichStartV1, addOn.enrichStartV1Body()],
  reverseV2: [emulator.reverseStartV2, addOn.reverseStartV2Body()],
  reverseV1: [emulator.reverseStartV1, addOn.reverseStartV1Body()],
  company: [emulator.companySearch, addOn.companySearchBody()],
  people: [emulator.peopleSearch, addOn.peopleSearchBody()],
} as const;

describe.each(Object.keys(BODIES) as (keyof typeof BODIES)[])('%s bodies', (kind) => {
  const [emulatorSchema, addOnSchema] = SCHEMAS[kind];
  it.each(BODIES[kind])('%s: both sides agree', (_description, body, accepted) => {
    expect({
      emulator: emulatorSchema.safeParse(body).success,
      addOn: addOnSchema.safeParse(body).success,
    }).toEqual({ emulator: accepted, addOn: accepted });
  });
});
