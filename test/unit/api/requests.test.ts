import * as z from 'zod/mini';
import * as api from '../../support/api';
import { ApiError } from '../../../src/api/errors';
import * as schemas from '../../../src/api/schemas/requests';
import { LIMITS } from '../../../src/domain/limits';
import { contextOf, setup, thrown } from './fakes';

const ada = { firstname: 'Ada', lastname: 'Lovelace', domain: 'engines.example' };

/** Runs a request that must be refused before anything is sent. */
function refused(run: (ctx: ReturnType<typeof contextOf>) => unknown): ApiError {
  const s = setup();
  const error = thrown(() => run(contextOf(s))) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 0, code: 'request.invalid', retryable: false });
  expect(s.http.requests).toHaveLength(0);
  return error;
}

describe('requests are checked before sending', () => {
  test('at most 100 items per enrichment job', () => {
    const datas = Array.from({ length: LIMITS.itemsPerEnrichJob + 1 }, () => ada);
    const error = refused((ctx) => api.startEnrichmentV1(ctx, { name: 'big', datas }));
    expect(error.message).toContain('datas: at most 100 allowed');
    expect(error.userMessage).toBe(
      'A job takes at most 100 contacts; split the selection into smaller jobs.',
    );
  });

  test('exactly 100 items is fine', () => {
    const datas = Array.from({ length: LIMITS.itemsPerEnrichJob }, () => ada);
    expect(z.safeParse(schemas.enrichStartV1Body(), { name: 'n', datas }).success).toBe(true);
  });

  test.each([
    ['first name only', { firstname: 'Ada', domain: 'x.example' }],
    ['no company', { firstname: 'Ada', lastname: 'Lovelace' }],
    ['blank company', { firstname: 'Ada', lastname: 'Lovelace', company_name: '  ' }],
    ['nothing', {}],
  ])('an item with %s is refused, naming the item', (_name, item) => {
    const error = refused((ctx) => api.startEnrichmentV1(ctx, { name: 'n', datas: [ada, item] }));
    expect(error.message).toContain('datas[1]: each item needs firstname + lastname');
    expect(error.userMessage).toBe(
      'Contact 2: needs a first name, last name and company (domain or name), or a profile URL.',
    );
  });

  test.each([
    ['company name', { firstname: 'A', lastname: 'B', company_name: 'Engines' }],
    ['network URL alone', { network_url: 'https://network.example/in/ada' }],
  ])('an item with %s is accepted', (_name, item) => {
    expect(z.safeParse(schemas.enrichItemV1(), item).success).toBe(true);
  });

  test('a job name is required', () => {
    const error = refused((ctx) => api.startEnrichmentV1(ctx, { name: '  ', datas: [ada] }));
    expect(error.userMessage).toBe('A job name is required.');
    refused((ctx) => api.startReverseV2(ctx, { name: '', data: [{ email: 'a@b.example' }] }));
    refused((ctx) => api.startReverseV1(ctx, { name: '', data: [{ email: 'a@b.example' }] }));
  });

  test('custom values that are not strings, numbers or booleans are refused', () => {
    const custom = { row: { nested: 1 } } as unknown as Record<string, string>;
    const error = refused((ctx) => api.startEnrichmentV1(ctx, { name: 'n', datas: [{ ...ada, custom }] }));
    expect(error.message).toContain('datas[0].custom.row: expected string, got object');
    expect(error.userMessage).toBe('Contact 1: row identity values must be text.');
  });

  test('an unknown enrich_fields value is refused', () => {
    const datas = [{ ...ada, enrich_fields: ['contact.fax'] }] as unknown as schemas.EnrichItemV1[];
    expect(refused((ctx) => api.startEnrichmentV1(ctx, { name: 'n', datas })).message).toContain(
      'datas[0].enrich_fields[0]: expected one of contact.emails',
    );
  });

  test('an empty job is refused', () => {
    expect(refused((ctx) => api.startReverseV2(ctx, { name: 'n', data: [] })).userMessage).toBe(
      'A job needs at least one contact.',
    );
  });

  test('search: limit over 100, fractional ranges and unknown filters are refused', () => {
    expect(refused((ctx) => api.searchCompanies(ctx, { limit: 101 })).message).toContain(
      'limit: at most 100 allowed',
    );
    expect(
      refused((ctx) => api.searchPeople(ctx, { current_company_headcounts: [{ min: 1.5 }] })).message,
    ).toContain('current_company_headcounts[0].min: expected int');
    const typo = { company_names: [{ value: 'x' }] } as unknown as schemas.CompanySearchBody;
    expect(refused((ctx) => api.searchCompanies(ctx, typo)).message).toContain(
      'unknown key(s) company_names',
    );
  });

  test('an empty job id is refused', () => {
    refused((ctx) => api.getEnrichmentResultV2(ctx, ' '));
  });
});

describe('the shared schemas cover every filter of the spec', () => {
  test('company search: 9 text filters and 2 range filters, each accepted', () => {
    expect(schemas.COMPANY_TEXT_FILTERS).toHaveLength(9);
    expect(schemas.COMPANY_RANGE_FILTERS).toHaveLength(2);
    const body = Object.fromEntries([
      ...schemas.COMPANY_TEXT_FILTERS.map((name) => [
        name,
        [{ value: 'v', exact_match: true, exclude: false }],
      ]),
      ...schemas.COMPANY_RANGE_FILTERS.map((name) => [name, [{ min: 1, max: 2, exclude: true }]]),
    ]);
    expect(z.parse(schemas.companySearchBody(), body)).toEqual(body);
  });

  test('people search: 19 text filters and 5 range filters, each accepted', () => {
    expect(schemas.PEOPLE_TEXT_FILTERS).toHaveLength(19);
    expect(schemas.PEOPLE_RANGE_FILTERS).toHaveLength(5);
    const body = Object.fromEntries([
      ...schemas.PEOPLE_TEXT_FILTERS.map((name) => [name, [{ value: 'v' }]]),
      ...schemas.PEOPLE_RANGE_FILTERS.map((name) => [name, [{ max: 3 }]]),
    ]);
    expect(z.parse(schemas.peopleSearchBody(), body)).toEqual(body);
  });

  test('filter entries: value is required, min/max are integers', () => {
    expect(z.safeParse(schemas.textFilterEntry(), { exact_match: true }).success).toBe(false);
    expect(z.safeParse(schemas.rangeFilterEntry(), { min: '1' }).success).toBe(false);
    expect(z.safeParse(schemas.rangeFilterEntry(), {}).success).toBe(true);
  });
});
