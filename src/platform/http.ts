/**
 * HttpPort over UrlFetchApp: the only API code that touches Apps Script globals.
 * Errors never throw: HTTP errors come back as statuses (muteHttpExceptions) and network failures as
 * status 0 with `networkError`, so the client decides what to retry.
 */
import { errorMessage } from '../domain/user-error';
import { FETCH_QUOTA_USED_UP } from './google-limits';
import type { HttpPort, HttpRequest, HttpResponse } from './ports';

type UrlFetch = Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch' | 'fetchAll'>;
type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

const toFetchRequest = ({ url, method, headers = {}, body }: HttpRequest): FetchRequest => ({
  url,
  method,
  headers,
  muteHttpExceptions: true,
  // A redirect could carry the Authorization header to another host: we never follow one.
  followRedirects: false,
  ...(body === undefined ? {} : { contentType: 'application/json', payload: body }),
});

function toResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders() as Record<string, unknown>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return { status: response.getResponseCode(), body: response.getContentText(), headers };
}

function networkFailure(error: unknown): HttpResponse {
  return { status: 0, body: '', headers: {}, networkError: errorMessage(error) || 'network failure' };
}

/** The transport used in Apps Script and in the local runtime (which provides a UrlFetchApp). */
export function createUrlFetchHttp(urlFetch: UrlFetch = UrlFetchApp): HttpPort {
  const fetchOne = (request: HttpRequest): HttpResponse => {
    const { url, ...params } = toFetchRequest(request);
    try {
      return toResponse(urlFetch.fetch(url, params));
    } catch (error) {
      return networkFailure(error);
    }
  };
  return {
    fetch: fetchOne,
    fetchAll(requests) {
      if (requests.length === 0) return [];
      try {
        return urlFetch.fetchAll(requests.map(toFetchRequest)).map(toResponse);
      } catch (error) {
        // fetchAll throws for the whole batch when one request fails at network level: fetching
        // one by one keeps the answers of the others (a round trip each, but only on failure).
        // An unsafe request (a job start) may have reached the API in that batch: it is not sent
        // again here, its failure is reported and the caller decides.
        const batchFailure = networkFailure(error);
        // A used-up daily quota refuses the call before sending anything (quotas page): every
        // request of the batch certainly did not leave, and none would now.
        if (FETCH_QUOTA_USED_UP.test(batchFailure.networkError ?? ''))
          return requests.map(() => batchFailure);
        const unknownFate = {
          ...batchFailure,
          networkError: `the batch failed (${batchFailure.networkError})`,
        };
        return requests.map((request) => (request.unsafe ? unknownFate : fetchOne(request)));
      }
    },
  };
}
