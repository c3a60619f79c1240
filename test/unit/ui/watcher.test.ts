/**
 * The sidebar's watcher (sidebar/watcher.ts): a peek every 2 s while visible and active, slower when
 * idle, none while hidden, and the panels reload only when the stamp moved.
 */
import { BUSY_PEEK_MS, createWatcher, IDLE_AFTER_MS, IDLE_PEEK_MAX_MS } from '../../../sidebar/watcher';

/** The little of `document` the watcher uses: its visibility, and listeners to fire by hand. */
function fakeDocument() {
  const listeners = new Map<string, (() => void)[]>();
  const doc = {
    visibilityState: 'visible' as 'visible' | 'hidden',
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
  (globalThis as { document?: unknown }).document = doc;
  return doc;
}

describe('the sidebar watcher', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { document?: unknown }).document;
  });

  it('peeks every 2 s while active, and reloads the panels only when the stamp moved', async () => {
    fakeDocument();
    let stamp = 'a';
    const peeks: number[] = [];
    const watcher = createWatcher(async () => (peeks.push(Date.now() - 1_000_000), stamp));
    let reloads = 0;
    watcher.onChange(() => void (reloads += 1));
    watcher.start();
    await jest.advanceTimersByTimeAsync(3 * BUSY_PEEK_MS);
    expect(peeks).toEqual([0, 2000, 4000, 6000]);
    expect(reloads).toBe(0);
    stamp = 'b';
    await jest.advanceTimersByTimeAsync(BUSY_PEEK_MS);
    expect(reloads).toBe(1);
    await jest.advanceTimersByTimeAsync(BUSY_PEEK_MS);
    expect(reloads).toBe(1);
  });

  it('spaces its peeks out when idle, up to a minute, and is busy again when the user acts', async () => {
    const doc = fakeDocument();
    const peeks: number[] = [];
    const watcher = createWatcher(async () => (peeks.push(Date.now()), 'same'));
    watcher.start();
    await jest.advanceTimersByTimeAsync(IDLE_AFTER_MS + 10 * IDLE_PEEK_MAX_MS);
    const gaps = peeks.slice(1).map((at, index) => at - peeks[index]!);
    expect(gaps.slice(0, IDLE_AFTER_MS / BUSY_PEEK_MS - 1).every((gap) => gap === BUSY_PEEK_MS)).toBe(true);
    expect(Math.max(...gaps)).toBe(IDLE_PEEK_MAX_MS);
    expect(gaps.slice(-3)).toEqual([IDLE_PEEK_MAX_MS, IDLE_PEEK_MAX_MS, IDLE_PEEK_MAX_MS]);
    // A day idle: 1,440 peeks at most, none costing a properties read (the stamp is in the cache).
    expect(gaps.every((gap) => gap >= BUSY_PEEK_MS)).toBe(true);

    const before = peeks.length;
    doc.fire('keydown');
    await jest.advanceTimersByTimeAsync(3 * BUSY_PEEK_MS);
    expect(peeks.length - before).toBe(3);
  });

  it('stops while the page is hidden and peeks at once when it is shown again', async () => {
    const doc = fakeDocument();
    const peeks: number[] = [];
    const watcher = createWatcher(async () => (peeks.push(Date.now() - 1_000_000), 'same'));
    watcher.start();
    await jest.advanceTimersByTimeAsync(BUSY_PEEK_MS);
    expect(peeks).toEqual([0, 2000]);
    doc.visibilityState = 'hidden';
    doc.fire('visibilitychange');
    await jest.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(peeks).toEqual([0, 2000]);
    doc.visibilityState = 'visible';
    doc.fire('visibilitychange');
    await jest.advanceTimersByTimeAsync(BUSY_PEEK_MS);
    expect(peeks.slice(2)).toEqual([3_602_000, 3_604_000]);
  });
});
