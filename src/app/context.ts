/**
 * The composition root: the one place where the ports are wired to Apps Script and the API client.
 * It sits above every layer it wires, so no lower layer needs to import upwards. Every entry point
 * creates a context first, so the execution's time budget starts counting at once.
 */
import { createApiClient, type ApiClient } from '../api/client';
import { ApiPace } from '../api/pace';
import type { AppContext } from '../engine/context';
import { LIMITS } from '../domain/limits';
import { documentCache } from '../platform/cache';
import { createUrlFetchHttp } from '../platform/http';
import { documentLock, userLock } from '../platform/lock';
import type { HttpPort, LogPort } from '../platform/ports';
import { documentProperties, userProperties } from '../platform/properties';
import { stampedStore } from '../store/change-stamp';
import { storedPace } from '../store/quota-meter';
import { USER_PROPERTY } from '../platform/property-keys';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { effectiveUserEmail, executionBudget, systemClock } from '../platform/time';
import { timeTriggers } from '../platform/triggers';
import { spreadsheetNotifier } from '../platform/ui';
import { ADDON_TITLE } from './menu';
import { RUN_SOURCES } from './plugs';

const consoleLog: LogPort = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
};

/** What this execution used of the daily quotas, for the quota meter (recorded at its end). */
export interface ExecutionUsage {
  startedAt: number;
  urlFetches: number;
  /** The API's pace to keep (ApiPace.encode) when this execution changed it. */
  paceToKeep(): string | undefined;
}

/** Counts the requests sent (each one of a fetchAll too), as the UrlFetch quota does. */
function countingHttp(http: HttpPort, usage: ExecutionUsage): HttpPort {
  return {
    fetch(request) {
      usage.urlFetches += 1;
      return http.fetch(request);
    },
    fetchAll(requests) {
      usage.urlFetches += requests.length;
      return http.fetchAll(requests);
    },
  };
}

/** `limitMs`: how long this kind of execution may run (custom functions pass LIMITS.customFunctionMs). */
export function createContext(limitMs: number = LIMITS.executionMs): AppContext & { usage: ExecutionUsage } {
  const clock = systemClock;
  const budget = executionBudget(clock, limitMs);
  const userStore = userProperties();
  // Once: the build writes its value at each use (define), and every execution parses them.
  const defaultApiBaseUrl: string = __API_BASE_URL__;
  // The saved key's pace, read on first use (most executions call no API) and kept at the end.
  let pace: { loaded: string; pace: ApiPace } | undefined;
  const savedPace = (): ApiPace => {
    if (!pace) {
      const loaded = ApiPace.decode(storedPace(userStore));
      pace = { loaded: loaded.encode(), pace: loaded };
    }
    return pace.pace;
  };
  const usage: ExecutionUsage = {
    startedAt: clock.now(),
    urlFetches: 0,
    paceToKeep: () => {
      const text = pace?.pace.encode();
      return text === pace?.loaded ? undefined : text;
    },
  };
  let client: ApiClient | undefined;
  // Another key (Verify before Save) has a window of its own: counted apart, and not kept.
  const clientFor = (apiKey: string, keyPace = new ApiPace()): ApiClient =>
    createApiClient({
      http: countingHttp(createUrlFetchHttp(), usage),
      clock,
      budget,
      log: consoleLog,
      baseUrl: userStore.get(USER_PROPERTY.apiBaseUrl) || defaultApiBaseUrl,
      apiKey,
      pace: keyPace,
    });
  // One client for both ports: built on first use, as most executions call no API.
  const apiClient = (): ApiClient =>
    (client ??= clientFor(userStore.get(USER_PROPERTY.apiKey) ?? '', savedPace()));
  const cache = documentCache();
  return {
    usage,
    sources: RUN_SOURCES,
    // Every write moves the change stamp an open sidebar peeks at (store/change-stamp.ts).
    documentStore: stampedStore(documentProperties(), cache, clock),
    userStore,
    cache,
    lock: documentLock(),
    userLock: userLock(),
    clock,
    budget,
    triggers: timeTriggers(userStore),
    log: consoleLog,
    notify: spreadsheetNotifier(ADDON_TITLE),
    spreadsheet: activeSpreadsheet(),
    userEmail: effectiveUserEmail,
    defaultApiBaseUrl,
    api: apiClient,
    apiFor: (apiKey) => clientFor(apiKey),
    searchApi: apiClient,
    pace: savedPace,
  };
}
