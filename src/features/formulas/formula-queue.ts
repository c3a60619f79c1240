/**
 * The formula-request queue: what custom functions asked for and the ledger could not answer.
 *
 * A custom function may not spend credits (it runs with the owner's authority whoever typed it, and
 * Sheets recalculates it when it likes), so a miss is only written down here, to be sent by a run
 * that a user starts and pays for. Custom functions may write document properties and the cache,
 * nothing else (Apps Script's custom-function rules; the local runtime enforces them), so:
 * - the queue is durable in document properties, one key per fingerprint and asked field, so that
 *   writing the same miss again (every recalculation) changes nothing: deduplicated by key;
 * - the cache holds a marker per request with what the formula should show ("queued", "sent", "out
 *   of credits"), so a recalculation answers without reading the properties.
 */
import * as z from 'zod/mini';
import type { EnrichField } from '../../domain/fields';
import { LIMITS } from '../../domain/limits';
import type { CachePort, KeyValueStore } from '../../platform/ports';
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import { NO_INPUTS, type ContactInputs } from '../../sheet/contact-input';
import { CONTACT_KEYS } from '../../domain/inputs';
import { utf8Bytes } from '../../store/registry';
import { growthReserveIn } from '../../store/registry-budget';
import { encodeRecord, kindSchema, readRecord, recordCodec, type RecordOf } from '../../store/stored-records';

/** What a request asks: an enrichment field, or the profile behind an email (reverse). */
export type Asked = EnrichField | 'reverse';
/** The fields a request (or a formula) asks: none for reverse. */
export const askedFields = ({ asked }: { asked: Asked }): EnrichField[] =>
  asked === 'reverse' ? [] : [asked];

/** A request as stored in its property (its key holds the fingerprint and what is asked). */
const FORMULA_REQUEST_CODEC = recordCodec('formula request', 1, () => ({
  kind: kindSchema(),
  /**
   * Only the inputs that are set: a request is ~100 bytes, so a thousand fit the store easily. Its
   * keys are those of a contact's inputs.
   */
  input: z.partialRecord(z.enum(CONTACT_KEYS), z.string()),
  /** When it was first written (ms). */
  at: z.number(),
}));

export type FormulaRequest = Omit<RecordOf<typeof FORMULA_REQUEST_CODEC>, 'input'> & {
  fp: string;
  asked: Asked;
  input: ContactInputs;
};

/**
 * What a formula shows for a request that is not answered yet. "cleared": the user emptied the queue,
 * so the formula must neither say "queued" nor queue itself again at its next recalculation.
 */
export type RequestState = 'queued' | 'sent' | 'out_of_credits' | 'cleared';

const PREFIX = DOCUMENT_PROPERTY.formulaRequestPrefix;
/**
 * The queue never fills the store past this, counting the room reserved for runs in flight: the rest
 * is for the runs' growth, schedules and settings.
 */
const STORE_BYTES_FOR_QUEUE = LIMITS.propertyStoreBytes - 150 * 1024;
const MARKER_PREFIX = 'fq:';
/** The ids whose markers say "cleared", so that asking again can take those markers away. */
const CLEARED_KEY = 'fq-cleared';

const requestId = (fp: string, asked: Asked) => `${fp}.${asked}`;
/** The cache key of a request's marker, by the request's id (its property key without the prefix). */
const markerOf = (id: string): string => MARKER_PREFIX + id;
export const markerKey = (fp: string, asked: Asked) => markerOf(requestId(fp, asked));

/** Bytes of a property as the store counts them (UTF-8 of key and value). */
const bytesOf = (key: string, value: string) => utf8Bytes(key) + utf8Bytes(value);

/**
 * The queue's requests and bytes in the properties `all`, and with `wholeStore` the bytes of all of
 * them (only a write needs those: measuring 500 KB on every read of the queue's use is for nothing).
 */
function sizesIn(
  all: Record<string, string>,
  wholeStore = false,
): { requests: number; bytes: number; storeBytes: number } {
  const sizes = { requests: 0, bytes: 0, storeBytes: 0 };
  for (const [key, value] of Object.entries(all)) {
    const queued = key.startsWith(PREFIX);
    if (!queued && !wholeStore) continue;
    const bytes = bytesOf(key, value);
    sizes.storeBytes += bytes;
    if (!queued) continue;
    sizes.requests++;
    sizes.bytes += bytes;
  }
  return sizes;
}

/** How much of its budget the queue takes: the requests and their bytes (one properties read). */
export function queueUse(store: KeyValueStore): { requests: number; bytes: number; full: boolean } {
  const { requests, bytes } = sizesIn(store.getAll());
  // Full when a request of the usual size would not fit any more.
  return { requests, bytes, full: bytes > LIMITS.formulaQueueBytes - 200 };
}

/**
 * Writes new requests (one properties read, one write) and their "queued" markers (one cache call),
 * within the queue's budget (LIMITS.formulaQueueBytes) and what the whole store has left. Requests
 * already queued count as queued; returns those that are, in the order given (the rest did not fit).
 */
export function enqueueRequests(
  store: KeyValueStore,
  cache: CachePort,
  requests: readonly FormulaRequest[],
): FormulaRequest[] {
  if (requests.length === 0) return [];
  const all = store.getAll();
  const sizes = sizesIn(all, true);
  let queueBytes = sizes.bytes;
  // Runs in flight come first: what their jobs will still grow by is theirs (registry.ts).
  let storeBytes = growthReserveIn(all) + sizes.storeBytes;
  const values: Record<string, string> = {};
  const markers: Record<string, string> = {};
  const queued: FormulaRequest[] = [];
  for (const request of requests) {
    const id = requestId(request.fp, request.asked);
    const key = PREFIX + id;
    if (!(key in all)) {
      const input = Object.fromEntries(Object.entries(request.input).filter(([, value]) => value));
      const value = encodeRecord(FORMULA_REQUEST_CODEC, { kind: request.kind, input, at: request.at });
      const bytes = bytesOf(key, value);
      if (queueBytes + bytes > LIMITS.formulaQueueBytes || storeBytes + bytes > STORE_BYTES_FOR_QUEUE) break;
      values[key] = value;
      queueBytes += bytes;
      storeBytes += bytes;
    }
    markers[markerOf(id)] = 'queued';
    queued.push(request);
  }
  if (Object.keys(values).length) store.setAll(values);
  cache.putAll(markers);
  return queued;
}

/**
 * Empties the queue (the sidebar's "Clear queued formula requests"): the requests go, and their
 * markers say "cleared" so that the formulas, refreshed, say they are no longer queued instead of
 * queueing themselves again. askAgainForCleared undoes the markers. They live in the cache: should it
 * evict them (at most 6 h), a recalculated formula asks again, within the budget.
 */
export function clearFormulaRequests(store: KeyValueStore, cache: CachePort): number {
  const keys = Object.keys(store.getAll()).filter((key) => key.startsWith(PREFIX));
  store.deleteMany(keys);
  const ids = keys.map((key) => key.slice(PREFIX.length));
  const cleared = [...new Set([...clearedIds(cache), ...ids])];
  cache.putAll({
    ...Object.fromEntries(ids.map((id) => [markerOf(id), 'cleared' satisfies RequestState])),
    [CLEARED_KEY]: JSON.stringify(cleared),
  });
  return keys.length;
}

function clearedIds(cache: CachePort): string[] {
  try {
    const ids: unknown = JSON.parse(cache.get(CLEARED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Takes the "cleared" markers away (their formulas queue again when next calculated); how many. */
export function askAgainForCleared(cache: CachePort): number {
  const ids = clearedIds(cache);
  if (ids.length === 0) return 0;
  const markers = cache.getAll(ids.map(markerOf));
  // A request queued, sent or answered since keeps its marker: only "cleared" ones go.
  const stillCleared = ids.filter((id) => markers[markerOf(id)] === 'cleared');
  cache.removeAll([...stillCleared.map(markerOf), CLEARED_KEY]);
  return stillCleared.length;
}

/** Every queued request, oldest first; an unreadable one is skipped (and stays, for a later version). */
export function loadFormulaQueue(store: KeyValueStore): FormulaRequest[] {
  return scanFormulaQueue(store).requests;
}

/**
 * The queue as stored: its readable requests, oldest first, and the fingerprints of those that cannot
 * be read (their key still names the contact; what they ask, and since when, is lost).
 */
export function scanFormulaQueue(store: KeyValueStore): { requests: FormulaRequest[]; unreadable: string[] } {
  const requests: FormulaRequest[] = [];
  const unreadable: string[] = [];
  for (const [key, value] of Object.entries(store.getAll())) {
    if (!key.startsWith(PREFIX)) continue;
    const id = key.slice(PREFIX.length);
    const dot = id.lastIndexOf('.');
    if (dot < 0) continue;
    const stored = readRecord(FORMULA_REQUEST_CODEC, value);
    if (!stored) {
      unreadable.push(id.slice(0, dot));
      continue;
    }
    requests.push({
      fp: id.slice(0, dot),
      asked: id.slice(dot + 1) as Asked,
      kind: stored.kind,
      input: { ...NO_INPUTS, ...stored.input },
      at: stored.at,
    });
  }
  return { requests: requests.sort((a, b) => a.at - b.at), unreadable };
}

/** Removes answered requests (at most two calls). */
export function removeRequests(store: KeyValueStore, requests: readonly FormulaRequest[]): void {
  if (requests.length)
    store.deleteMany(requests.map((request) => PREFIX + requestId(request.fp, request.asked)));
}

/** Sets what the formulas of these requests show until they are answered. */
export function markRequests(
  cache: CachePort,
  requests: readonly FormulaRequest[],
  state: RequestState,
): void {
  cache.putAll(Object.fromEntries(requests.map((request) => [markerKey(request.fp, request.asked), state])));
}
