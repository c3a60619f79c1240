import { createUrlFetchHttp } from '../../../src/platform/http';

type Params = GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;
type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

function response(status: number, body: string, headers: Record<string, unknown> = {}) {
  return {
    getResponseCode: () => status,
    getContentText: () => body,
    getAllHeaders: () => headers,
  } as unknown as GoogleAppsScript.URL_Fetch.HTTPResponse;
}

/** A UrlFetchApp whose network fails for URLs containing "down". */
class FakeUrlFetch {
  readonly fetched: Array<{ url: string; params: Params }> = [];
  readonly batches: FetchRequest[][] = [];
  fetch(url: string, params: Params = {}) {
    this.fetched.push({ url, params });
    if (url.includes('down')) throw new Error(`Exception: Address unavailable: ${url}`);
    return response(url.includes('missing') ? 404 : 200, `{"url":"${url}"}`, {
      'Content-Type': 'application/json',
      'Set-Cookie': ['a=1', 'b=2'],
    });
  }
  fetchAll(requests: FetchRequest[]) {
    this.batches.push(requests);
    if (requests.some((r) => r.url.includes('down'))) throw new Error('Exception: Address unavailable');
    return requests.map((r) => response(200, `{"url":"${r.url}"}`));
  }
}

const fake = () => {
  const urlFetch = new FakeUrlFetch();
  return {
    urlFetch,
    http: createUrlFetchHttp(urlFetch as unknown as GoogleAppsScript.URL_Fetch.UrlFetchApp),
  };
};

describe('HttpPort over UrlFetchApp', () => {
  test('fetch: mutes HTTP exceptions, never follows redirects, sends JSON bodies', () => {
    const { urlFetch, http } = fake();
    const answer = http.fetch({
      url: 'https://x.example/a',
      method: 'post',
      headers: { Authorization: 'Bearer k' },
      body: '{"a":1}',
    });
    expect(urlFetch.fetched[0]).toEqual({
      url: 'https://x.example/a',
      params: {
        method: 'post',
        headers: { Authorization: 'Bearer k' },
        muteHttpExceptions: true,
        followRedirects: false,
        contentType: 'application/json',
        payload: '{"a":1}',
      },
    });
    expect(answer).toEqual({
      status: 200,
      body: '{"url":"https://x.example/a"}',
      headers: { 'content-type': 'application/json', 'set-cookie': 'a=1, b=2' },
    });
  });

  test('a GET has no payload nor content type; an HTTP error is a status, not a throw', () => {
    const { urlFetch, http } = fake();
    expect(http.fetch({ url: 'https://x.example/missing', method: 'get' }).status).toBe(404);
    expect(urlFetch.fetched[0]?.params).not.toHaveProperty('payload');
    expect(urlFetch.fetched[0]?.params).not.toHaveProperty('contentType');
  });

  test('a network failure is status 0 with networkError', () => {
    const { http } = fake();
    expect(http.fetch({ url: 'https://down.example/', method: 'get' })).toEqual({
      status: 0,
      body: '',
      headers: {},
      networkError: 'Exception: Address unavailable: https://down.example/',
    });
  });

  test('fetchAll: one batch when all succeed', () => {
    const { urlFetch, http } = fake();
    const answers = http.fetchAll([
      { url: 'https://x.example/1', method: 'get' },
      { url: 'https://x.example/2', method: 'get' },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(urlFetch.batches).toHaveLength(1);
    expect(urlFetch.batches[0]?.[0]).toMatchObject({
      url: 'https://x.example/1',
      muteHttpExceptions: true,
      followRedirects: false,
    });
    expect(urlFetch.fetched).toHaveLength(0);
  });

  test('fetchAll: when the batch throws, each request is fetched alone so the others are kept', () => {
    const { urlFetch, http } = fake();
    const answers = http.fetchAll([
      { url: 'https://x.example/1', method: 'get' },
      { url: 'https://down.example/2', method: 'get' },
      { url: 'https://x.example/3', method: 'get' },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 0, 200]);
    expect(answers[2]?.body).toBe('{"url":"https://x.example/3"}');
    expect(urlFetch.fetched.map((f) => f.url)).toEqual([
      'https://x.example/1',
      'https://down.example/2',
      'https://x.example/3',
    ]);
  });

  test('fetchAll of nothing makes no call', () => {
    const { urlFetch, http } = fake();
    expect(http.fetchAll([])).toEqual([]);
    expect(urlFetch.batches).toHaveLength(0);
  });
});
