import * as api from '../../support/api';
import { ApiError } from '../../../src/api/errors';
import { API_KEY, FakeHttp, contextOf, json, networkDown, raw, setup, thrown } from './fakes';
import * as fx from './fixtures';

const ENRICH_V2 = `/api/v2/contact/enrich/bulk/${fx.JOB_ID}`;
const ENRICH_V1 = `/api/v1/contact/enrich/bulk/${fx.JOB_ID}`;
const REVERSE_V2 = `/api/v2/contact/reverse/email/bulk/${fx.JOB_ID}`;
const REVERSE_V1 = `/api/v1/contact/reverse/email/bulk/${fx.JOB_ID}`;

function only<T>(list: T[]): T {
  expect(list).toHaveLength(1);
  return list[0] as T;
}

describe('every endpoint sends the documented request and reads the documented answer', () => {
  test('POST v1 enrich start', () => {
    const s = setup();
    s.http.on('post', '/api/v1/contact/enrich/bulk', json(200, { enrichment_id: fx.JOB_ID }));
    const id = api.startEnrichmentV1(contextOf(s), {
      name: 'Leads',
      datas: [
        {
          firstname: 'Ada',
          lastname: 'Lovelace',
          domain: 'engines.example',
          enrich_fields: ['contact.emails'],
          custom: { row: 7 },
        },
      ],
      webhook_url: 'https://hooks.example/x',
    });
    expect(id).toBe(fx.JOB_ID);
    const request = only(s.http.requests);
    expect(request.headers).toMatchObject({
      Authorization: `Bearer ${API_KEY}`,
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(request.body ?? '')).toEqual({
      name: 'Leads',
      datas: [
        {
          firstname: 'Ada',
          lastname: 'Lovelace',
          domain: 'engines.example',
          enrich_fields: ['contact.emails'],
          custom: { row: '7' },
        },
      ],
      webhook_url: 'https://hooks.example/x',
    });
  });

  test('POST v2 reverse start with webhook_events.contact_finished', () => {
    const s = setup();
    s.http.on('post', '/api/v2/contact/reverse/email/bulk', json(200, { enrichment_id: 'r-2' }));
    const id = api.startReverseV2(contextOf(s), {
      name: 'Rev',
      data: [{ email: 'ada@engines.example', custom: { row: 3, ok: true } }],
      webhook_url: 'https://hooks.example/done',
      webhook_events: { contact_finished: 'https://hooks.example/each' },
    });
    expect(id).toBe('r-2');
    expect(JSON.parse(only(s.http.requests).body ?? '')).toEqual({
      name: 'Rev',
      data: [{ email: 'ada@engines.example', custom: { row: '3', ok: 'true' } }],
      webhook_url: 'https://hooks.example/done',
      webhook_events: { contact_finished: 'https://hooks.example/each' },
    });
  });

  test('POST v1 reverse start', () => {
    const s = setup();
    s.http.on('post', '/api/v1/contact/reverse/email/bulk', json(200, { enrichment_id: 'r-1' }));
    expect(api.startReverseV1(contextOf(s), { name: 'Rev', data: [{ email: 'a@b.example' }] })).toBe('r-1');
    expect(JSON.parse(only(s.http.requests).body ?? '')).toEqual({
      name: 'Rev',
      data: [{ email: 'a@b.example' }],
    });
  });

  test('GET v2 enrichment result, with and without forceResults', () => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(200, fx.enrichResultV2));
    const answer = api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID);
    expect(answer.kind === 'result' && answer.result.items).toHaveLength(2);
    api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID, { forceResults: true });
    expect(s.http.requests.map((r) => FakeHttp.pathOf(r))).toEqual([
      ENRICH_V2,
      `${ENRICH_V2}?forceResults=true`,
    ]);
    expect(s.http.requests[0]?.method).toBe('get');
    expect(s.http.requests[0]?.body).toBeUndefined();
  });

  test('GET v1 enrichment result, forceResults', () => {
    const s = setup();
    s.http.on('get', ENRICH_V1, json(200, fx.enrichResultV1));
    const answer = api.getEnrichmentResultV1(contextOf(s), fx.JOB_ID, { forceResults: true });
    expect(answer).toMatchObject({
      kind: 'result',
      result: { kind: 'enrich', status: 'FINISHED', credits: 11 },
    });
    expect(FakeHttp.pathOf(only(s.http.requests))).toBe(`${ENRICH_V1}?forceResults=true`);
  });

  test('GET v2 and v1 reverse results', () => {
    const s = setup();
    s.http
      .on('get', REVERSE_V2, json(200, fx.reverseResultV2))
      .on('get', REVERSE_V1, json(200, fx.reverseResultV1));
    expect(api.getReverseResultV2(contextOf(s), fx.JOB_ID)).toMatchObject({
      kind: 'result',
      result: { kind: 'reverse', credits: 1 },
    });
    expect(api.getReverseResultV1(contextOf(s), fx.JOB_ID)).toMatchObject({
      kind: 'result',
      result: { kind: 'reverse', name: 'Reverse v1' },
    });
  });

  test('job ids are path-encoded', () => {
    const s = setup();
    s.http.on(
      'get',
      '/api/v2/contact/enrich/bulk/a%2F..%2Fb',
      json(404, { code: 'error.enrichment.not_found', message: 'Enrichment ID not found' }),
    );
    expect(thrown(() => api.getEnrichmentResultV2(contextOf(s), 'a/../b'))).toMatchObject({ status: 404 });
  });

  test('POST company search with text and range filters', () => {
    const s = setup();
    s.http.on('post', '/api/v2/company/search', json(200, fx.companySearchResult));
    const body = {
      offset: 10,
      limit: 100,
      names: [{ value: 'Engines', exact_match: true }],
      types: [{ value: 'Non-profit', exclude: true }],
      founded_years: [{ min: 1800, max: 1900 }],
      headcounts: [{ min: 10, exclude: false }],
    };
    const found = api.searchCompanies(contextOf(s), body);
    expect(found.companies[0]?.name).toBe('Engines Ltd');
    expect(found.metadata).toEqual({ total: 1, offset: 0 });
    expect(JSON.parse(only(s.http.requests).body ?? '')).toEqual(body);
  });

  test('POST people search with every kind of filter', () => {
    const s = setup();
    s.http.on('post', '/api/v2/people/search', json(200, fx.peopleSearchResult));
    const body = {
      limit: 5,
      current_company_domains: [{ value: 'engines.example' }],
      person_skills: [{ value: 'analysis', exact_match: false }],
      current_position_seniority_level: [{ value: 'Senior' }],
      current_company_days_since_last_job_change: [{ max: 90 }],
    };
    expect(api.searchPeople(contextOf(s), body).people[0]?.full_name).toBe('Ada Lovelace');
    expect(JSON.parse(only(s.http.requests).body ?? '')).toEqual(body);
  });

  test('GET key check and credit balance', () => {
    const s = setup();
    s.http.on('get', '/api/v2/account/keys/verify', json(200, { workspace_id: 'ws-1' }));
    s.http.on('get', '/api/v2/account/credits', json(200, { balance: 1234 }));
    expect(api.verifyKey(contextOf(s))).toBe('ws-1');
    expect(api.fetchCreditBalance(contextOf(s))).toBe(1234);
    expect(s.http.requests.every((r) => r.headers?.Authorization === `Bearer ${API_KEY}`)).toBe(true);
  });
});

describe('job result states', () => {
  test('400 error.enrichment.in_progress is "not ready", not an error', () => {
    const s = setup();
    s.http.on(
      'get',
      ENRICH_V2,
      json(400, {
        code: 'error.enrichment.in_progress',
        message: 'Enrichment not ready, try again in 30 seconds',
      }),
    );
    expect(api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID)).toEqual({ kind: 'not_ready' });
    expect(s.http.requests).toHaveLength(1);
  });

  test.each(['IN_PROGRESS', 'CREATED', 'in_progress'])('a 200 with status %s is "not ready"', (status) => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(200, { ...fx.enrichResultV2, status }));
    expect(api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID)).toEqual({ kind: 'not_ready' });
  });

  test('forceResults returns the partial result of an unfinished job', () => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(200, { ...fx.enrichResultV2, status: 'IN_PROGRESS' }));
    expect(api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID, { forceResults: true })).toMatchObject({
      kind: 'result',
      result: { status: 'IN_PROGRESS' },
    });
  });

  test('402 carries a job body: a result with status CREDITS_INSUFFICIENT', () => {
    const s = setup();
    s.http.on(
      'get',
      ENRICH_V2,
      json(402, { ...fx.enrichResultV2, status: 'CREDITS_INSUFFICIENT', cost: { credits: 3 } }),
    );
    const answer = api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID);
    expect(answer).toMatchObject({ kind: 'result', result: { status: 'CREDITS_INSUFFICIENT', credits: 3 } });
    expect(s.http.requests).toHaveLength(1);
  });

  test('402 without a job body is an error', () => {
    const s = setup();
    s.http.on('get', ENRICH_V2, json(402, { code: 'error.credits', message: 'no credits' }));
    const error = thrown(() => api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID)) as ApiError;
    expect(error).toMatchObject({ status: 402, code: 'error.credits', retryable: false });
    expect(error.userMessage).toMatch(/credits/i);
  });
});

describe('error answers', () => {
  const cases: Array<[string, number, unknown, Partial<ApiError>, RegExp]> = [
    [
      'auth not set',
      401,
      { code: 'error.authorization.not_set', message: 'Authorization headers not set' },
      { code: 'error.authorization.not_set' },
      /API key was refused/,
    ],
    [
      'not bearer',
      401,
      {
        code: 'error.authorization.not_bearer',
        message: "Authorization headers do not have prefix 'bearer'",
      },
      { code: 'error.authorization.not_bearer' },
      /Check it in Settings/,
    ],
    [
      'unknown key',
      401,
      { code: 'error.api.key', message: 'Unknown api key' },
      { code: 'error.api.key' },
      /API key was refused\. Check it in Settings\. \(The API said: Unknown api key\.\)/,
    ],
    [
      'not found',
      404,
      { code: 'error.enrichment.not_found', message: 'Enrichment ID not found' },
      { code: 'error.enrichment.not_found' },
      /does not know this job/,
    ],
    [
      'other 4xx',
      422,
      { code: 'error.body.invalid', message: 'datas is required' },
      { code: 'error.body.invalid' },
      /refused the request \(error.body.invalid\): datas is required/,
    ],
    [
      '400 other than in_progress',
      400,
      { code: 'error.custom.not_string', message: 'custom must be strings' },
      { code: 'error.custom.not_string' },
      /refused/,
    ],
    ['4xx without a body', 418, '', { code: 'http.418' }, /refused/],
  ];
  test.each(cases)('%s', (_name, status, body, expected, userMessage) => {
    const s = setup();
    s.http.on('get', ENRICH_V2, typeof body === 'string' ? raw(status, body) : json(status, body));
    const error = thrown(() => api.getEnrichmentResultV2(contextOf(s), fx.JOB_ID)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, retryable: false, ...expected });
    expect(error.userMessage).toMatch(userMessage);
    expect(error.message).toContain('GET /api/v2/contact/enrich/bulk/{enrichment_id}');
    expect(s.http.requests).toHaveLength(1);
  });

  test('429 after retries: retryable error.rate.limit', () => {
    const s = setup();
    s.http.on(
      'get',
      '/api/v2/account/credits',
      json(429, { code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' }),
    );
    const error = thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError;
    expect(error).toMatchObject({ status: 429, code: 'error.rate.limit', retryable: true });
    expect(error.userMessage).toMatch(/busy/);
  });

  test('5xx with a non-JSON body: server.error, retryable, snippet in the message', () => {
    const s = setup();
    s.http.on('get', '/api/v2/account/credits', raw(502, '<html>Bad gateway</html>'));
    const error = thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'server.error', retryable: true });
    expect(error.message).toContain('<html>Bad gateway</html>');
  });

  test('network failure: status 0, network.failure, retryable', () => {
    const s = setup();
    s.http.on('get', '/api/v2/account/keys/verify', networkDown('DNS error: api.example.test'));
    const error = thrown(() => api.verifyKey(contextOf(s))) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'network.failure', retryable: true });
    expect(error.message).toContain('DNS error');
  });

  test('a 200 that is not JSON: response.not_json', () => {
    const s = setup();
    s.http.on('get', '/api/v2/account/credits', raw(200, '<html>captive portal</html>'));
    expect(thrown(() => api.fetchCreditBalance(contextOf(s)))).toMatchObject({
      status: 200,
      code: 'response.not_json',
      retryable: false,
    });
  });

  test('a start answer without enrichment_id: response.invalid naming the field', () => {
    const s = setup();
    s.http.on('post', '/api/v1/contact/reverse/email/bulk', json(200, { id: 'x' }));
    const error = thrown(() =>
      api.startReverseV1(contextOf(s), { name: 'n', data: [{ email: 'a@b.example' }] }),
    ) as ApiError;
    expect(error.code).toBe('response.invalid');
    expect(error.message).toMatch(
      /POST \/api\/v1\/contact\/reverse\/email\/bulk.*enrichment_id: expected string, got undefined/,
    );
  });
});
