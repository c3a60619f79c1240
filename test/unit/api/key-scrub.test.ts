/**
 * The key never reaches a message, even in part: a server that echoes it at the place where a
 * message is cut, echoes most of it, or echoes it URL-encoded (issue: 47 of 48 characters leaked).
 */
import * as api from '../../../src/api/endpoints';
import { ApiError } from '../../../src/api/errors';
import { scrub } from '../../../src/api/failures';
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
