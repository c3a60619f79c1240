/**
 * An AppContext for unit tests: the real adapters of src/platform over the local runtime's fakes
 * (dev/gas: properties with their size limits and messages, the 1,000-item cache, the document lock,
 * editor add-on trigger rules), the in-memory sheet, and a scripted API. One set of fakes for every
 * test: no second imitation of Apps Script here.
 */
import type { AppContext } from '../../../src/engine/context';
import { cachePort } from '../../../src/platform/cache';
import { lockPort } from '../../../src/platform/lock';
import type { KeyValueStore } from '../../../src/platform/ports';
import { propertiesStore } from '../../../src/platform/properties';
import { timeTriggers } from '../../../src/platform/triggers';
import { FakeCache } from '../../../dev/gas/cache';
import { FakeLock, LockTable } from '../../../dev/gas/lock';
import { FakeProperties } from '../../../dev/gas/properties';
import { FakeScriptApp, TriggerStore } from '../../../dev/gas/triggers';
import { missingKeyError } from '../../../src/api/failures';
import { ApiPace } from '../../../src/api/pace';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { RUN_SOURCES } from '../../../src/app/plugs';
import { apiError, FakeApi } from './fake-api';
import { FakeSearchApi } from './fake-search';
import { MemorySpreadsheet } from './memory-spreadsheet';
import { FakeBudget, FakeClock, RecordingNotifier } from './ports';

type Gas<T> = T & GoogleAppsScript.Properties.Properties;

/** Document properties through the real adapter, with a kill switch for crash tests. */
export interface DocumentStore extends KeyValueStore {
  /** Throws on the n-th setAll from now on (1 = the next one): an execution killed there. */
  failOnSetAll: number;
  /** Every value, straight from the fake (no adapter call). */
  values(): string[];
  /** Bytes of keys and values, as the properties quota counts them. */
  totalBytes(): number;
}

function documentStoreOver(properties: FakeProperties): DocumentStore {
  const store = propertiesStore(properties as Gas<FakeProperties>);
  const wrapped: DocumentStore = {
    ...store,
    failOnSetAll: 0,
    setAll(values) {
      if (wrapped.failOnSetAll > 0 && --wrapped.failOnSetAll === 0)
        throw new Error('Exceeded maximum execution time');
      store.setAll(values);
    },
    set(key, value) {
      wrapped.setAll({ [key]: value });
    },
    values: () => Object.values(properties.getProperties()),
    totalBytes: () =>
      Object.entries(properties.getProperties()).reduce(
        (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value),
        0,
      ),
  };
  return wrapped;
}

export interface TestWorld {
  spreadsheet: MemorySpreadsheet;
  documentStore: DocumentStore;
  userStore: KeyValueStore;
  /** The document cache (CacheService's fake). */
  cache: FakeCache;
  /** Which execution holds the document lock. */
  locks: LockTable;
  clock: FakeClock;
  /** Time-driven triggers; `addon: true` rules are an editor add-on's (hourly at most). */
  triggerStore: TriggerStore;
  notifier: RecordingNotifier;
  api: FakeApi;
  /** The API's pace as the engine reads it; the in-memory API counts its requests in it. */
  pace: ApiPace;
  search: FakeSearchApi;
  logs: string[];
}

export function createWorld(options: { addon?: boolean } = {}): TestWorld {
  const clock = new FakeClock();
  const api = new FakeApi();
  const pace = new ApiPace();
  api.onRequests = (count) => pace.sent(count, clock.now());
  return {
    spreadsheet: new MemorySpreadsheet(),
    documentStore: documentStoreOver(new FakeProperties('document')),
    userStore: propertiesStore(new FakeProperties('user') as Gas<FakeProperties>),
    cache: new FakeCache(() => clock.now()),
    locks: new LockTable(),
    clock,
    triggerStore: new TriggerStore({ addon: options.addon === true, now: () => clock.now() }),
    notifier: new RecordingNotifier(),
    api,
    pace,
    search: new FakeSearchApi(),
    logs: [],
  };
}

let executions = 0;

/** The document lock as one execution holds it (a second execution gets its own). */
export function documentLockOf(world: TestWorld) {
  return lockPort(
    new FakeLock(world.locks, 'document', ++executions, world.clock) as unknown as GoogleAppsScript.Lock.Lock,
  );
}

/** The period in minutes of the installed time-driven trigger of a handler; undefined: none. */
export function triggerMinutes(world: TestWorld, handler = 'onPollTrigger'): number | undefined {
  const trigger = world.triggerStore.list().find((candidate) => candidate.handler === handler);
  return trigger ? (trigger.periodMs ?? 0) / 60_000 : undefined;
}

export const hasTrigger = (world: TestWorld, handler = 'onPollTrigger'): boolean =>
  triggerMinutes(world, handler) !== undefined;

/** The world's one document, as a trigger store used alone files its triggers (id ''). */
const oneDocument = () => ({ getId: () => '' }) as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;

/** One execution's context: a fresh lock handle and budget over the world's shared state. */
export function contextFor(world: TestWorld, budget = new FakeBudget()): AppContext & { budget: FakeBudget } {
  return {
    sources: RUN_SOURCES,
    documentStore: world.documentStore,
    userStore: world.userStore,
    cache: cachePort(world.cache as unknown as GoogleAppsScript.Cache.Cache),
    lock: documentLockOf(world),
    userLock: lockPort(
      new FakeLock(world.locks, 'user:', ++executions, world.clock) as unknown as GoogleAppsScript.Lock.Lock,
    ),
    clock: world.clock,
    budget,
    triggers: timeTriggers(
      world.userStore,
      new FakeScriptApp(world.triggerStore) as unknown as GoogleAppsScript.Script.ScriptApp,
      oneDocument,
    ),
    log: { info: (message) => world.logs.push(message), warn: (message) => world.logs.push(message) },
    notify: world.notifier,
    spreadsheet: world.spreadsheet,
    api: () => world.api,
    apiFor: () => world.api,
    searchApi: () => world.search,
    pace: () => world.pace,
    userEmail: () => 'user@example.com',
    defaultApiBaseUrl: 'https://api.example.test/',
  };
}

/** A teammate in the world's document: their own user properties (key saved) and API view. */
export interface TestUser {
  email: string;
  userStore: KeyValueStore;
  /** The API as this user's key sees it: jobs of another workspace answer 404. */
  api: FakeApi;
  triggerStore: TriggerStore;
}

/** Which workspace started each job id (shared by every user of a world's API). */
const jobWorkspaces = new WeakMap<FakeApi, Map<string, string>>();

/**
 * A user whose key belongs to `workspace`. The API is the world's (one provider), seen through their
 * key: a job of another workspace answers 404, as the vendor's does (docs/api-decisions.md).
 */
export function teammate(world: TestWorld, email: string, key: string, workspace: string): TestUser {
  const owners = jobWorkspaces.get(world.api) ?? new Map<string, string>();
  jobWorkspaces.set(world.api, owners);
  const shared = world.api;
  const api = Object.create(shared) as FakeApi;
  api.startJobs = (starts) => {
    const ids = shared.startJobs(starts);
    for (const id of ids) if (typeof id === 'string') owners.set(id, workspace);
    return ids;
  };
  api.fetchResults = (refs, options) =>
    refs.map((ref) =>
      owners.has(ref.id) && owners.get(ref.id) !== workspace
        ? { kind: 'error' as const, error: apiError(404, 'job.not_found', false) }
        : shared.fetchResults([ref], options)[0]!,
    );
  api.verifyKey = () => workspace;
  const userStore = propertiesStore(new FakeProperties('user') as Gas<FakeProperties>);
  userStore.set(USER_PROPERTY.apiKey, key);
  return {
    email,
    userStore,
    api,
    triggerStore: new TriggerStore({ addon: world.triggerStore.rules.addon, now: () => world.clock.now() }),
  };
}

/** One execution of a teammate: the document's state, their user properties, key and triggers. */
export function contextAs(world: TestWorld, user: TestUser, budget = new FakeBudget()): AppContext {
  return {
    ...contextFor(world, budget),
    userStore: user.userStore,
    triggers: timeTriggers(
      user.userStore,
      new FakeScriptApp(user.triggerStore) as unknown as GoogleAppsScript.Script.ScriptApp,
      oneDocument,
    ),
    // As the real client: no saved key, no calls.
    api: () => {
      if (!user.userStore.get(USER_PROPERTY.apiKey)) throw missingKeyError();
      return user.api;
    },
    apiFor: () => user.api,
    userEmail: () => user.email,
  };
}
