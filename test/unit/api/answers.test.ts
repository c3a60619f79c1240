import * as z from 'zod/mini';
import * as api from '../../support/api';
import { ApiError } from '../../../src/api/errors';
import { enrichResultV1ToModel, resultV2ToModel, jobStatus, personSummary } from '../../../src/api/answers';
import * as schemas from '../../../src/api/schemas/responses';
import { contextOf, json, setup, thrown } from './fakes';
import * as fx from './fixtures';

const ENRICH_V2 = `/api/v2/contact/enrich/bulk/${fx.JOB_ID}`;

function pollV2(body: unknown) {
  const s = setup();
  s.http.on('get', ENRICH_V2, json(200, body));
  const answer = api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID);
  if (answer.kind !== 'result') throw new Error(`expected a result, got ${answer.kind}`);
  return answer.result;
}

const adaSummary = {
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Analyst',
  companyName: 'Engines Ltd',
  companyDomain: 'engines.example',
  networkUrl: 'https://network.example/in/ada',
};

describe('v2 → model', () => {
  test('an enrichment result maps every field the add-on uses', () => {
    const result = pollV2(fx.enrichResultV2);
    expect(result).toMatchObject({
      id: fx.JOB_ID,
      name: 'Leads',
      kind: 'enrich',
      status: 'FINISHED',
      credits: 14,
    });
    expect(result.rawStatus).toBeUndefined();
    expect(result.items[0]).toEqual({
      custom: { row: 'r1' },
      input: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        companyDomain: 'engines.example',
        companyName: 'Engines',
        networkUrl: 'https://network.example/in/ada',
      },
      workEmail: { email: 'ada@engines.example', status: 'DELIVERABLE' },
      personalEmail: { email: 'ada@home.example', status: 'HIGH_PROBABILITY' },
      phone: { number: '+447700900123', region: 'GB' },
      workEmails: [
        { email: 'ada@engines.example', status: 'DELIVERABLE' },
        { email: 'a.l@engines.example', status: 'CATCH_ALL' },
      ],
      personalEmails: [{ email: 'ada@home.example', status: 'HIGH_PROBABILITY' }],
      phones: [{ number: '+447700900123', region: 'GB' }],
      profile: { ...adaSummary, location: 'London, England, United Kingdom' },
    });
    expect(result.items[1]).toEqual({
      custom: { row: 'r2' },
      input: { firstName: 'No', lastName: 'Body', companyDomain: 'none.example' },
      workEmails: [],
      personalEmails: [],
      phones: [],
    });
  });

  test('a reverse result maps input email and profile', () => {
    const s = setup();
    s.http.on('get', `/api/v2/contact/reverse/email/bulk/${fx.JOB_ID}`, json(200, fx.reverseResultV2));
    const answer = api.getReverseResultV2(contextOf(s), fx.JOB_ID);
    expect(answer.kind === 'result' && answer.result.items).toEqual([
      {
        custom: { row: 'r7' },
        input: { email: 'ada@engines.example' },
        workEmails: [],
        personalEmails: [],
        phones: [],
        profile: { ...adaSummary, location: 'London, England, United Kingdom' },
      },
    ]);
  });

  test('without a most probable email the first listed one is used', () => {
    const record = {
      custom: {},
      contact_info: { work_emails: [{ email: 'x@y.example' }], phones: [{ number: '+1 555-123-4567' }] },
    };
    const result = pollV2({ ...fx.enrichResultV2, data: [record] });
    expect(result.items[0]).toMatchObject({
      workEmail: { email: 'x@y.example' },
      phone: { number: '+1 555-123-4567' },
    });
  });
});

describe('v1 → the same model', () => {
  test('an enrichment result: most probable email with its status, phone with its region, profile', () => {
    const s = setup();
    s.http.on('get', `/api/v1/contact/enrich/bulk/${fx.JOB_ID}`, json(200, fx.enrichResultV1));
    const answer = api.getEnrichmentResultV1(contextOf(s), fx.JOB_ID);
    expect(answer.kind === 'result' && answer.result).toEqual({
      id: fx.JOB_ID,
      name: 'Leads v1',
      kind: 'enrich',
      rejected: [],
      status: 'FINISHED',
      credits: 11,
      items: [
        {
          custom: { row: 'r1' },
          input: {},
          workEmail: { email: 'ada@engines.example', status: 'DELIVERABLE' },
          phone: { number: '+447700900123', region: 'GB' },
          workEmails: [
            { email: 'a.l@engines.example' },
            { email: 'ada@engines.example', status: 'DELIVERABLE' },
          ],
          personalEmails: [],
          phones: [{ number: '+447700900123', region: 'GB' }],
          profile: { ...adaSummary, location: 'London, United Kingdom' },
        },
      ],
    });
  });

  test('a reverse result', () => {
    const s = setup();
    s.http.on('get', `/api/v1/contact/reverse/email/bulk/${fx.JOB_ID}`, json(200, fx.reverseResultV1));
    const answer = api.getReverseResultV1(contextOf(s), fx.JOB_ID);
    expect(answer.kind === 'result' && answer.result.items[0]).toEqual({
      custom: {},
      input: { email: 'ada@engines.example' },
      workEmails: [],
      personalEmails: [],
      phones: [],
      profile: { ...adaSummary, location: 'London, United Kingdom' },
    });
  });

  test('a v1 contact without profile falls back on its own names and domain', () => {
    const body = {
      id: 'j',
      datas: [
        {
          contact: {
            firstname: 'Bo',
            lastname: 'Li',
            domain: 'li.example',
            most_probable_phone: '+1 (555) 010-0000',
          },
        },
      ],
    };
    const result = enrichResultV1ToModel(z.parse(schemas.enrichResultV1(), body));
    expect(result.items[0]).toMatchObject({
      phone: { number: '+1 (555) 010-0000' },
      profile: { fullName: 'Bo Li', companyDomain: 'li.example' },
    });
  });
});

describe('lenient parsing', () => {
  test('unknown fields, nulls and absent optional fields are fine', () => {
    const record = {
      input: null,
      custom: { row: 'r1', extra: 5 },
      contact_info: {
        most_probable_work_email: { email: 'a@b.example', status: null, confidence: 0.9 },
        most_probable_personal_email: null,
        most_probable_phone: { number: '+1 555-123-4567', region: null, carrier: 'X' },
        work_emails: null,
        something_new: { deep: [1, 2] },
      },
      profile: {
        ...fx.personV2,
        skills: 'not an array',
        educations: [{ school_name: 3 }],
        employment: null,
        hobbies: [],
      },
    };
    const result = pollV2({ ...fx.enrichResultV2, name: null, cost: null, data: [record], next_page: null });
    expect(result).toMatchObject({ name: '', credits: 0 });
    expect(result.items[0]).toMatchObject({
      custom: { row: 'r1', extra: '5' },
      input: {},
      workEmail: { email: 'a@b.example' },
      phone: { number: '+1 555-123-4567' },
      workEmails: [],
    });
    expect(result.items[0]?.personalEmail).toBeUndefined();
    expect(result.items[0]?.profile?.title).toBeUndefined();
  });

  test('fields the add-on does not read are not checked: a malformed one drops nothing', () => {
    const profile = {
      ...fx.personV2,
      id: 7,
      location: { ...fx.personV2.location, country_code: [] },
      social_profiles: { network: { url: 'https://network.example/in/ada', handle: {} } },
      employment: { ...fx.personV2.employment, all: 'none' },
      languages: 'en',
    };
    const result = pollV2({ ...fx.enrichResultV2, data: [{ custom: { row: 'r1' }, profile }] });
    expect(result.rejected).toEqual([]);
    expect(result.items[0]?.profile).toEqual({ ...adaSummary, location: 'London, England, United Kingdom' });
  });

  test('an unknown job status becomes UNKNOWN and keeps the raw value', () => {
    const result = pollV2({ ...fx.enrichResultV2, status: 'PAUSED_BY_ADMIN' });
    expect(result).toMatchObject({ status: 'UNKNOWN', rawStatus: 'PAUSED_BY_ADMIN' });
  });

  test('an unknown email status is kept as sent', () => {
    const email = { email: 'a@b.example', status: 'RISKY' };
    const result = pollV2({
      ...fx.enrichResultV2,
      data: [{ contact_info: { most_probable_work_email: email } }],
    });
    expect(result.items[0]?.workEmail).toEqual(email);
  });

  test('job status rules: v2 absent → UNKNOWN, v1 absent → FINISHED, case-insensitive', () => {
    expect(jobStatus(undefined, 'UNKNOWN')).toEqual({ status: 'UNKNOWN' });
    expect(jobStatus('finished', 'UNKNOWN')).toEqual({ status: 'FINISHED' });
    expect(enrichResultV1ToModel({ id: 'x', datas: [] }).status).toBe('FINISHED');
    expect(resultV2ToModel('enrich', { id: 'x', status: '' }).status).toBe('UNKNOWN');
  });

  test('personSummary of a bare person builds the full name', () => {
    expect(personSummary({ first_name: 'A', last_name: 'B' })).toEqual({
      fullName: 'A B',
      firstName: 'A',
      lastName: 'B',
    });
    expect(personSummary({})).toBeUndefined();
  });
});

describe('a wrong type in the job envelope fails the job and names the field and the endpoint', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'status as an object',
      { ...fx.enrichResultV2, status: { value: 'FINISHED' } },
      'status: expected string, got object',
    ],
    ['data as an object', { ...fx.enrichResultV2, data: {} }, 'data: expected array, got object'],
  ];
  test.each(cases)('%s', (_name, body, field) => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(200, body));
    const error = thrown(() => api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'response.invalid', status: 200, retryable: false });
    expect(error.message).toContain('GET /api/v2/contact/enrich/bulk/{enrichment_id}');
    expect(error.message).toContain(field);
  });
});

describe('a wrong type inside one item drops that field, or fails that item only', () => {
  const resultOf = (body: unknown) => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(200, body));
    const answer = api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID);
    if (answer.kind !== 'result') throw new Error('expected a result');
    return answer.result;
  };
  const good = {
    custom: { fp: 'good' },
    contact_info: { most_probable_work_email: { email: 'ok@acme.com' } },
  };

  test.each([
    ['email as a number', { most_probable_work_email: { email: 42 }, phones: [{ number: '+1 555' }] }],
    ['email as null', { most_probable_work_email: { email: null }, phones: [{ number: '+1 555' }] }],
    ['an empty phone object', { most_probable_phone: {}, phones: [{}, { number: '+1 555' }] }],
  ])('%s: the field goes, the rest of the item stays', (_name, info) => {
    const result = resultOf({
      ...fx.enrichResultV2,
      data: [{ custom: { fp: 'a' }, contact_info: info }, good],
    });
    expect(result.rejected).toEqual([]);
    expect(result.items.map((item) => item.custom.fp)).toEqual(['a', 'good']);
    expect(result.items[0]!.phones.map((phone) => phone.number)).toContain('+1 555');
    expect(result.items[1]!.workEmail?.email).toBe('ok@acme.com');
  });

  test('a title as an array is dropped; the profile stays', () => {
    const result = resultOf({
      ...fx.enrichResultV2,
      data: [
        { custom: { fp: 'a' }, profile: { full_name: 'Ann Lee', employment: { current: { title: ['x'] } } } },
      ],
    });
    expect(result.items[0]!.profile).toMatchObject({ fullName: 'Ann Lee' });
    expect(result.items[0]!.profile?.title).toBeUndefined();
  });

  test('an item that is not an object fails alone, with its place', () => {
    const result = resultOf({ ...fx.enrichResultV2, data: [42, good] });
    expect(result.items.map((item) => item.custom.fp)).toEqual(['good']);
    expect(result.rejected).toEqual([{ index: 0, custom: {}, reason: 'the result item is not an object' }]);
  });

  test.each([
    [14, 14],
    ['14', 14],
    [' 726 ', 726],
    ['lots', 0],
  ])('cost.credits %j counts as %d', (credits, expected) => {
    expect(resultOf({ ...fx.enrichResultV2, cost: { credits } }).credits).toBe(expected);
  });

  test('search answers: companies must be an array, balance a number', () => {
    const s = setup();
    s.http.on('post', '/api/v2/company/search', json(200, { companies: null }));
    s.http.on('get', '/api/v2/account/credits', json(200, { balance: '12' }));
    expect((thrown(() => api.searchCompanies(contextOf(s), {})) as ApiError).message).toMatch(
      /POST \/api\/v2\/company\/search.*companies: expected array, got null/,
    );
    expect((thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError).message).toMatch(
      /balance: expected number, got string/,
    );
  });
});
