import { createApiClient, toEnrichItemV1 } from '../../../src/api/client';
import type { JobRef } from '../../../src/api/port';
import { FakeHttp, clientOf, json, networkDown, setup, thrown } from './fakes';
import * as fx from './fixtures';

const enrichPath = (id: string) => `/api/v2/contact/enrich/bulk/${id}`;
const reversePath = (id: string) => `/api/v2/contact/reverse/email/bulk/${id}`;
const finished = (id: string) => json(200, { ...fx.enrichResultV2, id });

describe('createApiClient: the EnrichmentApi', () => {
  test('startEnrichment sends a v1 job with enrich_fields, split full names and string customs', () => {
    const s = setup();
    s.http.on('post', '/api/v1/contact/enrich/bulk', json(200, { enrichment_id: 'e-1' }));
    const id = clientOf(s).startEnrichment(
      'Sheet1 rows 2-3',
      [
        { firstName: ' Ada ', lastName: 'Lovelace', companyDomain: 'engines.example', custom: { row: '2' } },
        { fullName: 'Charles Babbage Jr', companyName: 'Engines', networkUrl: '', custom: { row: '3' } },
      ],
      ['work_email', 'phone'],
      'https://hooks.example/x',
    );
    expect(id).toBe('e-1');
    expect(JSON.parse(s.http.requests[0]?.body ?? '')).toEqual({
      name: 'Sheet1 rows 2-3',
      webhook_url: 'https://hooks.example/x',
      datas: [
        {
          firstname: 'Ada',
          lastname: 'Lovelace',
          domain: 'engines.example',
          enrich_fields: ['contact.emails', 'contact.phones'],
          custom: { row: '2' },
        },
        {
          firstname: 'Charles',
          lastname: 'Babbage Jr',
          company_name: 'Engines',
          enrich_fields: ['contact.emails', 'contact.phones'],
          custom: { row: '3' },
        },
      ],
    });
  });

  test('startEnrichment refuses an empty field choice (absent would mean all three)', () => {
    const s = setup();
    expect(
      thrown(() => clientOf(s).startEnrichment('n', [{ networkUrl: 'u', custom: {} }], [])),
    ).toMatchObject({ code: 'request.invalid' });
    expect(s.http.requests).toHaveLength(0);
  });

  test('toEnrichItemV1 converts number customs that slipped through from a sheet', () => {
    const custom = { row: 12 } as unknown as Record<string, string>;
    expect(toEnrichItemV1({ networkUrl: 'u', custom }, ['personal_email'])).toEqual({
      network_url: 'u',
      enrich_fields: ['contact.personal_emails'],
      custom: { row: 12 },
    });
  });

  test('startReverse uses the v2 endpoint', () => {
    const s = setup();
    s.http.on('post', '/api/v2/contact/reverse/email/bulk', json(200, { enrichment_id: 'r-1' }));
    expect(clientOf(s).startReverse('rev', [{ email: ' a@b.example ', custom: { row: '5' } }])).toBe('r-1');
    expect(JSON.parse(s.http.requests[0]?.body ?? '')).toEqual({
      name: 'rev',
      data: [{ email: 'a@b.example', custom: { row: '5' } }],
    });
  });

  test('creditBalance and verifyKey', () => {
    const s = setup();
    s.http.on('get', '/api/v2/account/credits', json(200, { balance: 50 }));
    s.http.on('get', '/api/v2/account/keys/verify', json(200, { workspace_id: 'ws' }));
    const client = clientOf(s);
    expect(client.creditBalance()).toBe(50);
    expect(client.verifyKey()).toBe('ws');
  });
});

describe('fetchResults', () => {
  const jobs: JobRef[] = [
    { id: 'e-1', kind: 'enrich' },
    { id: 'r-1', kind: 'reverse' },
    { id: 'e-2', kind: 'enrich' },
    { id: 'e-3', kind: 'enrich' },
    { id: 'e-4', kind: 'enrich' },
  ];

  test('one fetchAll for all jobs, v2 GETs, outcomes in order', () => {
    const s = setup();
    s.http
      .on('get', enrichPath('e-1'), finished('e-1'))
      .on('get', reversePath('r-1'), json(200, fx.reverseResultV2))
      .on(
        'get',
        enrichPath('e-2'),
        json(400, {
          code: 'error.enrichment.in_progress',
          message: 'Enrichment not ready, try again in 30 seconds',
        }),
      )
      .on(
        'get',
        enrichPath('e-3'),
        json(402, { ...fx.enrichResultV2, id: 'e-3', status: 'CREDITS_INSUFFICIENT' }),
      )
      .on(
        'get',
        enrichPath('e-4'),
        json(404, { code: 'error.enrichment.not_found', message: 'Enrichment ID not found' }),
      );
    const outcomes = clientOf(s).fetchResults(jobs);
    expect(s.http.fetchAllRounds).toHaveLength(1);
    expect(s.http.fetchCalls).toBe(0);
    expect(s.http.fetchAllRounds[0]?.map((r) => FakeHttp.pathOf(r))).toEqual([
      enrichPath('e-1'),
      reversePath('r-1'),
      enrichPath('e-2'),
      enrichPath('e-3'),
      enrichPath('e-4'),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['result', 'result', 'not_ready', 'result', 'error']);
    expect(outcomes[0]).toMatchObject({ result: { id: 'e-1', kind: 'enrich', status: 'FINISHED' } });
    expect(outcomes[1]).toMatchObject({ result: { kind: 'reverse' } });
    expect(outcomes[3]).toMatchObject({ result: { id: 'e-3', status: 'CREDITS_INSUFFICIENT' } });
    expect(outcomes[4]).toMatchObject({
      error: { status: 404, code: 'error.enrichment.not_found', retryable: false },
    });
  });

  test('only the failed subset is sent again in the next round', () => {
    const s = setup();
    s.http
      .on('get', enrichPath('e-1'), finished('e-1'))
      .on('get', reversePath('r-1'), networkDown(), json(200, fx.reverseResultV2))
      .on('get', enrichPath('e-2'), json(503, {}), json(429, { code: 'error.rate.limit' }), finished('e-2'))
      .on('get', enrichPath('e-3'), json(404, { code: 'error.enrichment.not_found' }))
      .on('get', enrichPath('e-4'), json(200, { ...fx.enrichResultV2, status: 'IN_PROGRESS' }));
    const outcomes = clientOf(s).fetchResults(jobs);
    const rounds = s.http.fetchAllRounds.map((round) => round.map((r) => FakeHttp.pathOf(r)));
    expect(rounds).toEqual([
      [enrichPath('e-1'), reversePath('r-1'), enrichPath('e-2'), enrichPath('e-3'), enrichPath('e-4')],
      [reversePath('r-1'), enrichPath('e-2')],
      [enrichPath('e-2')],
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['result', 'result', 'result', 'error', 'not_ready']);
  });

  test('a job whose retries run out is an error outcome; the others are kept', () => {
    const s = setup({ retryPolicy: { maxAttempts: 2 } });
    s.http.on('get', enrichPath('e-1'), finished('e-1')).on('get', enrichPath('e-2'), networkDown());
    const outcomes = clientOf(s).fetchResults([jobs[0] as JobRef, jobs[2] as JobRef]);
    expect(outcomes[0]?.kind).toBe('result');
    expect(outcomes[1]).toMatchObject({ kind: 'error', error: { code: 'network.failure', retryable: true } });
    expect(s.http.fetchAllRounds).toHaveLength(2);
  });

  test('a malformed answer for one job does not hide the others', () => {
    const s = setup();
    s.http
      .on('get', enrichPath('e-1'), json(200, { id: 'e-1', status: 5 }))
      .on('get', enrichPath('e-2'), finished('e-2'));
    const outcomes = clientOf(s).fetchResults([jobs[0] as JobRef, jobs[2] as JobRef]);
    expect(outcomes[0]).toMatchObject({ kind: 'error', error: { code: 'response.invalid' } });
    expect(outcomes[1]?.kind).toBe('result');
  });

  test('an empty job id is an error outcome, no poll at all for no jobs', () => {
    const s = setup();
    s.http.on('get', enrichPath('e-1'), finished('e-1'));
    const outcomes = clientOf(s).fetchResults([{ id: '', kind: 'enrich' }, jobs[0] as JobRef]);
    expect(outcomes).toMatchObject([
      { kind: 'error', error: { code: 'request.invalid' } },
      { kind: 'result' },
    ]);
    expect(clientOf(s).fetchResults([])).toEqual([]);
    expect(s.http.fetchAllRounds).toHaveLength(1);
  });

  test('configuration errors are thrown when the client is created', () => {
    const s = setup();
    expect(thrown(() => createApiClient({ ...s.options, apiKey: ' ' }))).toMatchObject({
      code: 'config.api_key',
    });
    expect(thrown(() => createApiClient({ ...s.options, baseUrl: 'http://api.example.test' }))).toMatchObject(
      { code: 'config.base_url' },
    );
  });
});

describe('createApiClient: search pages', () => {
  test('reads a total sent as an integer string (int64 values often travel as strings)', () => {
    const s = setup();
    s.http.on(
      'post',
      '/api/v2/company/search',
      json(200, { companies: [{ id: 'c1' }], metadata: { total: '9' } }),
    );
    expect(clientOf(s).search('companies', {}, 0, 1)).toEqual({ items: [{ id: 'c1' }], total: 9 });
  });

  const PEOPLE = '/api/v2/people/search';

  test('sends the filters with offset and limit, and reads items as they came with the total', () => {
    const s = setup();
    s.http.on(
      'post',
      PEOPLE,
      json(200, { people: [{ id: 'p1' }, 'odd'], metadata: { total: 42, offset: 0 } }),
    );
    const page = clientOf(s).search('people', { person_names: [{ value: 'Ada' }] }, 200, 100);
    expect(JSON.parse(s.http.requests[0]?.body ?? '')).toEqual({
      person_names: [{ value: 'Ada' }],
      offset: 200,
      limit: 100,
    });
    expect(page).toEqual({ items: [{ id: 'p1' }, 'odd'], total: 42 });
  });

  test.each([
    ['no metadata', {}],
    ['a null total', { metadata: { total: null } }],
    ['a total below the page', { metadata: { total: 1 } }],
    ['a total that is no number', { metadata: { total: 'many' } }],
    ['metadata that is no object', { metadata: 'x' }],
  ])('gives no total for %s (paging then ends at a short page)', (_, extra) => {
    const s = setup();
    s.http.on('post', PEOPLE, json(200, { people: [{ id: 'p1' }, { id: 'p2' }], ...extra }));
    expect(clientOf(s).search('people', {}, 0, 10)).toEqual({ items: [{ id: 'p1' }, { id: 'p2' }] });
  });
});
