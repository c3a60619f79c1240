/**
 * The key never reaches a message, even in part: a server that echoes it at the place where a
 * message is cut, echoes most of it, or echoes it URL-encoded (issue: 47 of 48 characters leaked).
 */
import * as api from '../../../src/api/endpoints';
import { ApiError } from '../../../src/api/errors';
import { holdsKey, scrub, scrubJson } from '../../../src/api/scrub';
import type { HttpResponse } from '../../../src/platform/ports';
import { contextOf, json, raw, setup, thrown } from './fakes';

/** 48 characters, with characters URL encoding changes. */
const KEY = 'sk_live_9f8e7d6c5b4a3f2e1d0c+9b8a/7f6e5d4c3b2a1f0=';

/** Every 8-character run of the key that appears in `text`. */
function keyRunsIn(text: string, key = KEY): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= key.length; i++)
    if (text.includes(key.slice(i, i + 8))) found.push(key.slice(i, i + 8));
  return found;
}

function errorFor(answer: HttpResponse): ApiError {
  const s = setup({ apiKey: KEY });
  s.http.on('get', '/api/v2/account/credits', answer);
  const error = thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(s.log.lines.flatMap((line) => keyRunsIn(line))).toEqual([]);
  return error;
}

describe('scrub', () => {
  it('removes the whole key, runs of 8 or more of its characters, and its URL-encoded form', () => {
    expect(scrub(`key ${KEY} end`, KEY)).toBe('key [redacted] end');
    expect(scrub(`first ${KEY.slice(0, 47)}!`, KEY)).toBe('first [redacted]!');
    expect(scrub(`tail ${KEY.slice(20, 28)} x`, KEY)).toBe('tail [redacted] x');
    expect(scrub(`url ?k=${encodeURIComponent(KEY)}&x`, KEY)).toBe('url ?k=[redacted]&x');
    expect(
      keyRunsIn(scrub(`url ${encodeURIComponent(KEY).slice(5, 30)}`, KEY), encodeURIComponent(KEY)),
    ).toEqual([]);
  });

  it('keeps text that shares fewer than 8 characters in a row with the key', () => {
    expect(scrub('sk_live is the prefix; 9f8e7d6 is not enough', KEY)).toBe(
      'sk_live is the prefix; 9f8e7d6 is not enough',
    );
  });
});

/** No 8-character run of the key, in any letter case, once whitespace is gone. */
function leaks(text: string, key = KEY): string[] {
  return keyRunsIn(text.replace(/\s+/g, '').toLowerCase(), key.toLowerCase());
}

const base64 = (text: string, alphabet: 'base64' | 'base64url' = 'base64') =>
  Buffer.from(text).toString(alphabet);

describe('scrub: the key in other clothes (issue 28)', () => {
  it('matches the key whatever its letter case', () => {
    for (const form of [KEY.toUpperCase(), KEY.toLowerCase(), KEY.slice(0, 30).toUpperCase()]) {
      const text = scrub(`echo: ${form} end`, KEY);
      expect(text).toBe('echo: [redacted] end');
    }
  });

  it('matches the key cut by spaces or line breaks', () => {
    for (const form of [
      `${KEY.slice(0, 16)}\n${KEY.slice(16, 32)}\r\n${KEY.slice(32)}`,
      KEY.split('').join(' '),
      `${KEY.slice(0, 20)}\t ${KEY.slice(20)}`,
    ]) {
      const text = scrub(`a ${form} b`, KEY);
      expect(text).toBe('a [redacted] b');
      expect(leaks(text)).toEqual([]);
    }
  });

  it('matches the key base64-encoded, alone, as user:key, and at each of the three alignments', () => {
    for (const prefix of ['', 'user:', 'ab:', 'x', 'xy', 'xyz', 'api:']) {
      for (const alphabet of ['base64', 'base64url'] as const) {
        const encoded = base64(`${prefix}${KEY}`, alphabet);
        const text = scrub(`Authorization: Basic ${encoded} was refused`, KEY);
        expect(text).toMatch(/^Authorization: Basic \S{0,8}\[redacted\]\S{0,4} was refused$/);
        // Nothing of the key can be decoded from what is left.
        expect(
          leaks(Buffer.from(text.split(' ')[2]!.replace('[redacted]', ''), 'base64').toString('latin1')),
        ).toEqual([]);
      }
    }
    // Wrapped at 76 characters as MIME does, the line break inside the key's part.
    const wrapped = base64(`${'u'.repeat(45)}:${KEY}`).replace(/(.{76})/g, '$1\n');
    expect(wrapped.indexOf('\n')).toBeGreaterThan(base64('u'.repeat(48)).length);
    expect(holdsKey(wrapped, KEY)).toBe(true);
    expect(scrub(wrapped, KEY)).toMatch(/^\S{60,64}\[redacted\]\S{0,4}$/);
  });

  it('matches the key %-encoded in either hex case, and fully %-encoded', () => {
    const upper = encodeURIComponent(KEY);
    const lower = upper.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    const every = Array.from(KEY, (c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    for (const form of [upper, lower, every]) {
      expect(scrub(`?key=${form}&x=1`, KEY)).toBe('?key=[redacted]&x=1');
    }
  });

  it('matches the key JSON-escaped', () => {
    const unicode = Array.from(KEY, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    for (const form of [
      JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/'),
      unicode,
      `${KEY.slice(0, 24)}\\n${KEY.slice(24)}`,
    ]) {
      expect(scrub(`{"echo":"${form}"}`, KEY)).toBe('{"echo":"[redacted]"}');
    }
  });

  it('scrubs every string of a parsed answer, names included', () => {
    expect(scrubJson({ a: [`x ${KEY.toUpperCase()}`, 3], [KEY]: null }, KEY)).toEqual({
      a: ['x [redacted]', 3],
      '[redacted]': null,
    });
  });

  it('leaves text without a run of the key alone, whatever the clothes', () => {
    const plain = 'Unknown api key. See https://example.test/docs?x=%2F%2f and \\u0041 base64 QUJD';
    expect(scrub(plain, KEY)).toBe(plain);
    expect(holdsKey(plain, KEY)).toBe(false);
  });
});

describe('messages built from a server answer', () => {
  it('a 401 echoing the key across the 200-character cut shows none of it', () => {
    const message = `${'x'.repeat(150)} bad key ${KEY} please check`;
    const error = errorFor(json(401, { code: 'error.api.key', message }));
    for (const text of [error.message, error.userMessage, JSON.stringify(error)])
      expect(keyRunsIn(text)).toEqual([]);
  });

  it('a non-JSON body echoing most of the key, or its URL-encoded form, shows none of it', () => {
    for (const body of [
      `${'y'.repeat(190)}${KEY.slice(0, 47)}`,
      `<a href="/retry?key=${encodeURIComponent(KEY)}">retry</a>`,
    ]) {
      const error = errorFor(raw(400, body));
      expect(keyRunsIn(error.message)).toEqual([]);
      expect(keyRunsIn(error.message, encodeURIComponent(KEY))).toEqual([]);
      expect(keyRunsIn(error.userMessage)).toEqual([]);
    }
  });
});
