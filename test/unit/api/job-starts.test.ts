/** Job starts are unsafe requests: resent only when they certainly did not arrive. */
import { ApiError } from '../../../src/api/errors';
import { createUrlFetchHttp } from '../../../src/platform/http';
import { clientOf, json, networkDown, raw, setup } from './fakes';

const START = '/api/v1/contact/enrich/bulk';
const item = { firstName: 'Ann', lastName: 'Lee', companyName: 'Acme', custom: { fp: 'a' } };
const startOne = (s: ReturnType<typeof setup>) =>
  clientOf(s).startJobs([{ kind: 'enrich', name: 'job', items: [item], fields: ['work_email'] }])[0];

describe('job starts', () => {
  it.each([
    ['a gateway 5xx', raw(503, 'Service Unavailable')],
    ['a dropped connection', networkDown('Connection reset by peer')],
    ['a timeout', networkDown('Timeout: https://api.example.test/api/v1/contact/enrich/bulk')],
    ['a success whose body is unreadable', raw(200, '<html>')],
    // Apps Script's word for a host that did not answer, cut after the request left too.
    ['no answer from the host', networkDown('Address unavailable: https://api.example.test/')],
  ])('after %s: sent once, reported as maybe processed', (_what, reply) => {
    const s = setup();
    s.http.on('post', START, reply, json(200, { enrichment_id: 'second' }));
    const answer = startOne(s);
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ maybeProcessed: true, retryable: false });
    expect(s.http.requests).toHaveLength(1);
  });

  it.each([
    [
      'a 429',
      json(429, { error: { code: 'error.rate.limit', message: 'slow down' } }, { 'retry-after': '1' }),
    ],
    ['a DNS error', networkDown('DNS error: https://api.example.test/')],
  ])('after %s (certainly not received): resent, and the job starts once', (_what, reply) => {
    const s = setup();
    s.http.on('post', START, reply, json(200, { enrichment_id: 'job-1' }));
    expect(startOne(s)).toBe('job-1');
    expect(s.http.requests).toHaveLength(2);
  });

  it('a refusal (4xx) is definite: not processed, not resent', () => {
    const s = setup();
    s.http.on('post', START, json(400, { error: { code: 'error.validation', message: 'bad' } }));
    expect(startOne(s)).toMatchObject({ maybeProcessed: false, retryable: false, status: 400 });
    expect(s.http.requests).toHaveLength(1);
  });

  it("one start's lost answer leaves only that start of unknown fate: the others' ids are read", () => {
    // Apps Script's UrlFetchApp: a request that fails at network level throws, and a fetchAll
    // holding it throws for every request of the batch, whose answers are then lost too.
    const reset = (name: string) => name === 'job 2';
    const answer = (request: { payload?: unknown }) => {
      const { name } = JSON.parse(String(request.payload)) as { name: string };
      if (reset(name)) throw new Error('Connection reset by peer');
      return {
        getResponseCode: () => 200,
        getContentText: () => JSON.stringify({ enrichment_id: `id of ${name}` }),
        getAllHeaders: () => ({}),
      };
    };
    const urlFetch = {
      fetch: (_url: string, request: { payload?: unknown }) => answer(request),
      fetchAll: (requests: { payload?: unknown }[]) => requests.map(answer),
    };
    let sends = 0;
    const s = setup({ http: createUrlFetchHttp(urlFetch as never) });
    const fetch = urlFetch.fetch;
    urlFetch.fetch = (url, request) => (sends++, fetch(url, request));
    const starts = ['job 1', 'job 2', 'job 3'].map((name) => ({
      kind: 'enrich' as const,
      name,
      items: [item],
      fields: ['work_email' as const],
    }));
    const [first, second, third] = clientOf(s).startJobs(starts);
    expect([first, third]).toEqual(['id of job 1', 'id of job 3']);
    expect(second).toMatchObject({ maybeProcessed: true });
    // Each sent once: the cut one is not sent again.
    expect(sends).toBe(3);
  });

  it('a fetchAll that throws is not replayed one by one for starts', () => {
    let fetched = 0;
    const urlFetch = {
      fetchAll: () => {
        throw new Error('Timeout: https://api.example.test/x');
      },
      fetch: () => {
        fetched++;
        throw new Error('unreachable');
      },
    };
    const http = createUrlFetchHttp(urlFetch as never);
    const answers = http.fetchAll([
      { url: 'https://api.example.test/start', method: 'post', unsafe: true },
      { url: 'https://api.example.test/poll', method: 'get' },
    ]);
    expect(fetched).toBe(1);
    expect(answers[0]).toMatchObject({ status: 0, networkError: expect.stringMatching(/^the batch failed/) });
  });
});
