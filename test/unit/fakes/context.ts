/** An AppContext over the in-memory fakes, with handles on each of them. */
import type { AppContext } from '../../../src/jobs/context';
import { FakeApi } from './fake-api';
import {
  FakeBudget,
  FakeClock,
  FakeTriggers,
  LockState,
  MemoryCache,
  MemoryLock,
  MemoryStore,
  RecordingNotifier,
} from './memory-services';
import { MemorySpreadsheet } from './memory-spreadsheet';

export interface TestWorld {
  spreadsheet: MemorySpreadsheet;
  documentStore: MemoryStore;
  userStore: MemoryStore;
  cache: MemoryCache;
  lockState: LockState;
  clock: FakeClock;
  triggers: FakeTriggers;
  notifier: RecordingNotifier;
  api: FakeApi;
  logs: string[];
}

export function createWorld(): TestWorld {
  return {
    spreadsheet: new MemorySpreadsheet(),
    documentStore: new MemoryStore(),
    userStore: new MemoryStore(),
    cache: new MemoryCache(),
    lockState: new LockState(),
    clock: new FakeClock(),
    triggers: new FakeTriggers(),
    notifier: new RecordingNotifier(),
    api: new FakeApi(),
    logs: [],
  };
}

/** One execution's context: a fresh lock handle and budget over the world's shared state. */
export function contextFor(world: TestWorld, budget = new FakeBudget()): AppContext & { budget: FakeBudget } {
  return {
    documentStore: world.documentStore,
    userStore: world.userStore,
    cache: world.cache,
    lock: new MemoryLock(world.lockState),
    clock: world.clock,
    budget,
    triggers: world.triggers,
    log: { info: (message) => world.logs.push(message), warn: (message) => world.logs.push(message) },
    notify: world.notifier,
    spreadsheet: world.spreadsheet,
    api: () => world.api,
    defaultApiBaseUrl: 'https://api.example.test/',
  };
}
