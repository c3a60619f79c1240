import * as api from '../../support/api';
import { ApiError } from '../../../src/api/errors';
import { scrub } from '../../../src/api/scrub';
import { checkBaseUrl } from '../../../src/api/url';
import type { HttpResponse } from '../../../src/platform/ports';
import { API_KEY, BASE_URL, clientOf, contextOf, json, networkDown, raw, setup, thrown } from './fakes';
import * as fx from './fixtures';

describe('base URL: https, plain http only for loopback', () => {
  test.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://API.Example.com:8443/prefix/', 'https://api.example.com:8443/prefix'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.12.0.254/', 'http://127.12.0.254'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['HTTP://LOCALHOST', 'http://localhost'],
    ['http://[::1]:8787/api-root', 'http://[::1]:8787/api-root'],
  ])('%s is accepted', (input, normalised) => {
    expect(checkBaseUrl(input)).toBe(normalised);
  });

  test.each([
    'http://api.example.com',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example',
    'http://128.0.0.1',
    'http://127.0.0.256',
    'http://10.0.0.1',
    'http://[::2]',
    'http://0.0.0.0',
    'ftp://api.example.com',
    'https://user:pass@api.example.com',
    'http://localhost@evil.example',
    'https://api.example.com/?key=x',
    'https://api.example.com#x',
    'api.example.com',
    '',
  ])('%s is refused with config.base_url', (input) => {
    const error = thrown(() => checkBaseUrl(input)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'config.base_url', status: 0, retryable: false });
    expect(error.userMessage).toMatch(/https:\/\//);
  });
});

describe('the API key', () => {
  test('goes only into the Authorization header, only to the base URL', () => {
    const s = setup();
    s.http
      .on('post', '/api/v1/contact/enrich/bulk', json(200, { enrichment_id: 'e-1' }))
      .on('post', '/api/v2/contact/reverse/email/bulk', json(200, { enrichment_id: 'r-1' }))
      .on('get', '/api/v2/contact/enrich/bulk/e-1', json(200, fx.enrichResultV2))
      .on('get', '/api/v2/contact/reverse/email/bulk/r-1', json(200, fx.reverseResultV2))
      .on('get', '/api/v2/account/credits', json(200, { balance: 1 }))
      .on('get', '/api/v2/account/keys/verify', json(200, { workspace_id: 'w' }));
    const client = clientOf(s);
    client.startEnrichment(
      'n',
      [{ networkUrl: 'https://network.example/in/x', custom: { row: '1' } }],
      ['phone'],
    );
    client.startReverse('n', [{ email: 'a@b.example', custom: {} }]);
    client.fetchResults([
      { id: 'e-1', kind: 'enrich' },
      { id: 'r-1', kind: 'reverse' },
    ]);
    client.creditBalance();
    client.verifyKey();
    expect(s.http.requests).toHaveLength(6);
    for (const request of s.http.requests) {
      expect(request.url.startsWith(`${BASE_URL}/api/`)).toBe(true);
      expect(request.url).not.toContain(API_KEY);
      expect(request.body ?? '').not.toContain(API_KEY);
      const headersWithKey = Object.entries(request.headers ?? {}).filter(([, value]) =>
        value.includes(API_KEY),
      );
      expect(headersWithKey).toEqual([['Authorization', `Bearer ${API_KEY}`]]);
    }
  });

  const echoes: Array<[string, HttpResponse]> = [
    [
      'a message echoing the key',
      json(401, { code: 'error.api.key', message: `Unknown api key ${API_KEY}` }),
    ],
    ['a code echoing the key', json(400, { code: `error.${API_KEY}`, message: 'x' })],
    ['a non-JSON body echoing the header', raw(400, `Bad header: Authorization: Bearer ${API_KEY}`)],
    ['a 5xx page echoing the key', raw(500, `<pre>key=${API_KEY}</pre>`)],
    ['a 200 non-JSON body echoing the key', raw(200, `<html>${API_KEY}</html>`)],
    ['a network error naming the key', networkDown(`Timeout for Bearer ${API_KEY}`)],
    [
      'a rate limit echoing the key',
      json(429, { code: 'error.rate.limit', message: `slow down ${API_KEY}` }),
    ],
    ['a malformed answer echoing the key', json(200, { balance: API_KEY })],
  ];
  test.each(echoes)('never appears in an error or a log line: %s', (_name, answer) => {
    const s = setup();
    s.http.on('get', '/api/v2/account/credits', answer);
    const error = thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    const visible = [
      error.message,
      error.userMessage,
      error.code,
      String(error),
      error.stack ?? '',
      ...s.log.lines,
    ];
    for (const text of visible) expect(text).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  test('a poll outcome error does not carry the key either', () => {
    const s = setup();
    s.http.on('get', '/api/v2/contact/enrich/bulk/e-1', raw(503, `upstream said Bearer ${API_KEY}`));
    const [outcome] = clientOf(s).fetchResults([{ id: 'e-1', kind: 'enrich' }]);
    expect(outcome?.kind).toBe('error');
    expect(JSON.stringify(outcome)).not.toContain(API_KEY);
    if (outcome?.kind === 'error') expect(outcome.error.message).not.toContain(API_KEY);
    expect(s.log.lines.join('\n')).not.toContain(API_KEY);
  });

  test('scrub removes the key and any bearer token', () => {
    expect(scrub(`a ${API_KEY} b ${API_KEY}`, API_KEY)).toBe('a [redacted] b [redacted]');
    expect(scrub('Authorization: Bearer other-token', API_KEY)).toBe('Authorization: Bearer [redacted]');
  });
});
