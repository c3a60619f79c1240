/** In-memory ports with the real services' limits: property sizes, cache TTL, one lock holder. */
import type {
  BudgetPort,
  CachePort,
  ClockPort,
  KeyValueStore,
  LockPort,
  NotifyPort,
  TriggerPort,
} from '../../../src/platform/ports';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** PropertiesService: 9 KB per value, 500 KB in all, errors like Apps Script's. */
export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  calls = 0;
  /** Throws on the n-th setAll from now on (1 = the next one): an execution killed there. */
  failOnSetAll = 0;

  get(key: string): string | null {
    this.calls++;
    return this.values.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.setAll({ [key]: value });
  }
  setAll(values: Record<string, string>): void {
    if (this.failOnSetAll > 0 && --this.failOnSetAll === 0)
      throw new Error('Exceeded maximum execution time');
    this.calls++;
    for (const [key, value] of Object.entries(values)) {
      if (bytes(value) > 9 * 1024) throw new Error(`Argument too large: value (${key})`);
    }
    const next = new Map(this.values);
    for (const [key, value] of Object.entries(values)) next.set(key, value);
    if ([...next].reduce((sum, [key, value]) => sum + bytes(key) + bytes(value), 0) > 500 * 1024) {
      throw new Error('You have exceeded the property storage quota.');
    }
    for (const [key, value] of Object.entries(values)) this.values.set(key, value);
  }
  delete(key: string): void {
    this.calls++;
    this.values.delete(key);
  }
  getAll(): Record<string, string> {
    this.calls++;
    return Object.fromEntries(this.values);
  }
  get totalBytes(): number {
    return [...this.values].reduce((sum, [key, value]) => sum + bytes(key) + bytes(value), 0);
  }
}

export class MemoryCache implements CachePort {
  readonly values = new Map<string, string>();
  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  getAll(keys: string[]): Record<string, string> {
    return Object.fromEntries(
      keys.filter((key) => this.values.has(key)).map((key) => [key, this.values.get(key)!]),
    );
  }
  put(key: string, value: string): void {
    this.values.set(key, value);
  }
  putAll(values: Record<string, string>): void {
    for (const [key, value] of Object.entries(values)) this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
}

/** One holder at a time across every MemoryLock sharing the same state (= the same document). */
export class LockState {
  holder: MemoryLock | null = null;
}
export class MemoryLock implements LockPort {
  constructor(readonly state: LockState = new LockState()) {}
  tryLock(): boolean {
    if (this.state.holder && this.state.holder !== this) return false;
    this.state.holder = this;
    return true;
  }
  release(): void {
    if (this.state.holder === this) this.state.holder = null;
  }
}

export class FakeClock implements ClockPort {
  constructor(public time = Date.UTC(2025, 0, 15, 9, 0, 0)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.time += ms;
  }
}

/** Remaining time decreases by `costPerCall` each time it is asked: a run that takes time. */
export class FakeBudget implements BudgetPort {
  asked = 0;
  constructor(
    public remaining = 6 * 60 * 1000,
    public costPerCall = 0,
  ) {}
  remainingMs(): number {
    this.asked++;
    const now = this.remaining;
    this.remaining -= this.costPerCall;
    return now;
  }
}

export class FakeTriggers implements TriggerPort {
  readonly installed = new Map<string, number>();
  /** Minutes the platform grants (60 for an editor add-on). */
  constructor(private readonly grant?: number) {}
  ensureEveryMinutes(handler: string, minutes: number): number {
    if (!this.installed.has(handler)) this.installed.set(handler, this.grant ?? minutes);
    return this.installed.get(handler)!;
  }
  remove(handler: string): void {
    this.installed.delete(handler);
  }
  has(handler: string): boolean {
    return this.installed.has(handler);
  }
}

export class RecordingNotifier implements NotifyPort {
  readonly toasts: string[] = [];
  toast(message: string): void {
    this.toasts.push(message);
  }
}
