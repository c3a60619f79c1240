/** UrlFetchApp, synchronous over real HTTP to a server in a child process. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAddon } from '../../dev/gas/harness';
import type { Worker } from 'node:worker_threads';
import { fetchRefusal, prefixMatches } from '../../dev/gas/urlfetch/allow-list';
import { closeSharedHttpClient, sharedHttpClient } from '../../dev/gas/urlfetch/client';
import { loadScript } from './support/script';
import { tempDir } from '../support/temp-dir';
import { startTestServer, type TestServer } from './support/http-server';

const CODE = `
function fetchText(url, params) {
  var response = UrlFetchApp.fetch(url, params);
  return { code: response.getResponseCode(), text: response.getContentText(), headers: response.getHeaders(),
           all: response.getAllHeaders(), blob: response.getBlob().getDataAsString() };
}
function fetchJson(url, params) { return JSON.parse(UrlFetchApp.fetch(url, params).getContentText()); }
function fetchAllCodes(requests) {
  return UrlFetchApp.fetchAll(requests).map(function (r) { return JSON.parse(r.getContentText()).query; });
}
function fetchError(url, params) {
  try { UrlFetchApp.fetch(url, params); return 'no error'; } catch (e) { return String(e); }
}
`;

describe('UrlFetchApp', () => {
  let server: TestServer;
  const addon = loadScript(CODE, { fetchTimeoutMs: 1_000, allowLoopback: true });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    addon.close();
    await server.stop();
  });

  it('sends method, headers and a JSON payload and reads the answer synchronously', () => {
    const echoed = addon.call<{ method: string; headers: Record<string, string>; body: string }>(
      'fetchJson',
      `${server.baseUrl}/echo`,
      {
        method: 'post',
        contentType: 'application/json',
        payload: '{"a":1}',
        headers: { Authorization: 'Bearer k' },
      },
    );
    expect(echoed.method).toBe('POST');
    expect(echoed.headers['content-type']).toBe('application/json');
    expect(echoed.headers.authorization).toBe('Bearer k');
    expect(echoed.body).toBe('{"a":1}');
  });

  it('form-encodes an object payload, as Apps Script does', () => {
    const echoed = addon.call<{ headers: Record<string, string>; body: string }>(
      'fetchJson',
      `${server.baseUrl}/echo`,
      {
        method: 'post',
        payload: { name: 'Ada Lovelace', n: 2 },
      },
    );
    expect(echoed.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(echoed.body).toBe('name=Ada%20Lovelace&n=2');
  });

  it('gives the response code, text, headers and blob', () => {
    const response = addon.call<{
      code: number;
      text: string;
      headers: Record<string, string>;
      all: Record<string, unknown>;
      blob: string;
    }>('fetchText', `${server.baseUrl}/text?body=hello`);
    expect(response).toMatchObject({ code: 200, text: 'hello', blob: 'hello' });
    expect(response.headers['Content-Type']).toBe('text/plain');
    expect(response.all['X-Multi']).toEqual(['a', 'b']);
  });

  it('throws the Apps Script error for a 4xx/5xx without muteHttpExceptions', () => {
    const message = addon.call<string>('fetchError', `${server.baseUrl}/text?status=401&body=bad%20key`);
    expect(message).toBe(
      `Exception: Request failed for ${server.baseUrl} returned code 401. Truncated server response: bad key (use muteHttpExceptions option to examine full response)`,
    );
  });

  it('returns the error response with muteHttpExceptions', () => {
    const response = addon.call<{ code: number; text: string }>(
      'fetchText',
      `${server.baseUrl}/text?status=503&body=down`,
      {
        muteHttpExceptions: true,
      },
    );
    expect(response).toMatchObject({ code: 503, text: 'down' });
  });

  it('follows redirects unless told not to', () => {
    expect(addon.call<{ query: string }>('fetchJson', `${server.baseUrl}/redirect`).query).toBe(
      '?redirected=1',
    );
    const raw = addon.call<{ code: number }>('fetchText', `${server.baseUrl}/redirect`, {
      followRedirects: false,
    });
    expect(raw.code).toBe(302);
  });

  it('sends fetchAll requests concurrently and answers in order', () => {
    // Two 700 ms answers (under the 1 s fetch timeout): one after the other they take 1.4 s at
    // least, side by side about 0.7 s; the 600 ms between them absorbs a loaded machine.
    const started = Date.now();
    const queries = addon.call<string[]>('fetchAllCodes', [
      `${server.baseUrl}/echo?i=1&delay=700`,
      { url: `${server.baseUrl}/echo?i=2&delay=700`, method: 'get' },
      `${server.baseUrl}/echo?i=3`,
    ]);
    expect(queries).toEqual(['?i=1&delay=700', '?i=2&delay=700', '?i=3']);
    expect(Date.now() - started).toBeLessThan(1_300);
  });

  it('counts every request, those inside fetchAll included', () => {
    addon.counts.reset();
    addon.call('fetchJson', `${server.baseUrl}/echo`);
    addon.call('fetchAllCodes', [`${server.baseUrl}/echo?a`, `${server.baseUrl}/echo?b`]);
    expect(addon.counts.get('UrlFetchApp.fetch')).toBe(1);
    expect(addon.counts.get('UrlFetchApp.fetchAll')).toBe(1);
    expect(addon.counts.urlfetch).toBe(3);
    expect(addon.requests().at(-1)).toMatchObject({
      method: 'GET',
      url: `${server.baseUrl}/echo?b`,
      status: 200,
    });
  });

  it('throws "Address unavailable" when nothing listens and "DNS error" for an unknown host', () => {
    expect(addon.call('fetchError', 'http://127.0.0.1:9/x')).toBe(
      'Exception: Address unavailable: http://127.0.0.1:9/x',
    );
    expect(addon.call('fetchError', 'http://no-such-host.invalid/x')).toBe(
      'Exception: DNS error: http://no-such-host.invalid/x',
    );
  });

  it('gives up after the request timeout instead of hanging', () => {
    const url = `${server.baseUrl}/echo?delay=5000`;
    const started = Date.now();
    expect(addon.call('fetchError', url)).toBe(`Exception: Timeout: ${url}`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(addon.call('fetchError', 'ftp://example.com/')).toBe(
      'Exception: Invalid argument: ftp://example.com/',
    );
  });

  it('records an answer the moment it arrives, while its batch still waits for a slower one', () => {
    const file = join(tempDir('gas-journal-'), 'answers.jsonl');
    const journaled = loadScript(CODE, {
      fetchTimeoutMs: 10_000,
      allowLoopback: true,
      journalAnswers: (request) =>
        request.url.includes('/echo') ? { file, key: `${request.method} ${request.payload}` } : undefined,
    });
    try {
      const waitFor = encodeURIComponent('"key":"POST {\\"name\\":\\"job 1\\"}"');
      // The second answer comes only once the first is in the file: before the batch returns.
      const queries = journaled.call<string[]>('fetchAllCodes', [
        { url: `${server.baseUrl}/echo?n=1`, method: 'post', payload: '{"name":"job 1"}' },
        { url: `${server.baseUrl}/when-written?file=${encodeURIComponent(file)}&text=${waitFor}` },
      ]);
      expect(queries).toEqual(['?n=1', 'seen']);
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toEqual([
        { key: 'POST {"name":"job 1"}', status: 200, body: expect.stringContaining('"query":"?n=1"') },
      ]);
    } finally {
      journaled.close();
    }
  });
});

describe('the manifest allow-list (urlFetchWhitelist)', () => {
  const REFUSED = (url: string) =>
    `Exception: Request to ${url} failed because the URL has not been whitelisted in the script manifest.`;

  it('matches a prefix, or a child of it, with a case-sensitive path (the documented examples)', () => {
    const prefix = 'https://example.com/foo';
    for (const url of ['/foo', '/foo/', '/foo/bar', '/foo?bar', '/foo#bar'])
      expect([url, prefixMatches(prefix, `https://example.com${url}`)]).toEqual([url, true]);
    expect(prefixMatches(prefix, 'https://EXAMPLE.com/foo/bar')).toBe(true);
    for (const url of ['https://example.com/foobar', 'https://example.com/Foo', 'http://example.com/foo'])
      expect([url, prefixMatches(prefix, url)]).toEqual([url, false]);
    expect(prefixMatches('https://api.example.com/', 'https://api.example.com.evil.test/')).toBe(false);
  });

  it('matches subdomains for a leading *. and needs at least one', () => {
    const prefix = 'https://*.example.com/foo';
    expect(prefixMatches(prefix, 'https://subdomain.example.com/foo')).toBe(true);
    expect(prefixMatches(prefix, 'https://any.number.of.subdomains.example.com/foo')).toBe(true);
    expect(prefixMatches(prefix, 'https://subdomain.example.com/bar')).toBe(false);
    expect(prefixMatches(prefix, 'https://example.com/foo')).toBe(false);
    expect(prefixMatches(prefix, 'https://evilexample.com/foo')).toBe(false);
  });

  it('lets loopback through only when the harness says so; no list, no restriction elsewhere', () => {
    const list = ['https://api.example.com/'];
    const local = 'http://127.0.0.1:8787/api';
    expect(fetchRefusal({ prefixes: list, allowLoopback: false }, local)).toMatch(/not been whitelisted/);
    expect(fetchRefusal({ prefixes: list, allowLoopback: true }, local)).toBeUndefined();
    expect(fetchRefusal({ allowLoopback: false }, local)).toBe(`Address unavailable: ${local}`);
    expect(fetchRefusal({ allowLoopback: false }, 'https://anything.test/')).toBeUndefined();
  });

  describe('in the runtime, with a manifest', () => {
    let server: TestServer;
    const manifest = {
      'appsscript.json': JSON.stringify({ urlFetchWhitelist: ['https://api.example.com/v1/'] }),
    };
    const strict = loadScript(CODE, { fetchTimeoutMs: 1_000 }, manifest);
    const harnessed = loadScript(CODE, { fetchTimeoutMs: 1_000, allowLoopback: true }, manifest);
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => {
      strict.close();
      harnessed.close();
      await server.stop();
    });

    it('refuses a URL outside the list with Apps Script’s error, before sending anything', () => {
      const url = 'https://api.example.com/v2/jobs';
      expect(strict.call('fetchError', url)).toBe(REFUSED(url));
      expect(strict.call('fetchError', `${server.baseUrl}/echo`)).toBe(REFUSED(`${server.baseUrl}/echo`));
      expect(strict.requests()).toEqual([]);
    });

    it('reaches a loopback server when the harness allows loopback', () => {
      expect(harnessed.call<{ code: number }>('fetchText', `${server.baseUrl}/echo`).code).toBe(200);
    });
  });

  it('the built add-on cannot reach a base URL outside its allow-list', () => {
    const addon = loadAddon({ apiBaseUrl: 'https://elsewhere.example/', apiKey: 'k' });
    try {
      const balance = addon.call<{ balance: number | null; message?: string }>('getCreditBalance');
      expect(balance.balance).toBeNull();
      expect(addon.requests()).toEqual([]);
    } finally {
      addon.close();
    }
  });
});

describe('the HTTP worker thread the runtimes of a process share', () => {
  it('ends when closed, so that a jest worker keeps no thread (and no heap) of a finished file', async () => {
    // test/support/each-file.ts closes it after every file: jest's workers run many files, each with
    // its own copy of this module, and each file used to leave its thread behind until the worker's
    // exit, which then took longer than jest waits ("a worker process has failed to exit gracefully").
    const client = sharedHttpClient();
    const [answer] = client.send([
      { url: 'http://127.0.0.1:9/x', method: 'get', headers: {}, followRedirects: false, timeoutMs: 1_000 },
    ]);
    expect(answer).toMatchObject({ error: 'unavailable' });
    const thread = (client as unknown as { worker?: Worker }).worker;
    expect(thread).toBeDefined();
    const exited = new Promise((resolve) => thread!.once('exit', resolve));
    closeSharedHttpClient();
    await exited;
    // The next runtime of the process gets a new one.
    expect(sharedHttpClient()).not.toBe(client);
  });
});
