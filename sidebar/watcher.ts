/**
 * What keeps every panel up to date with the stores, at a cost a sidebar left open all day can
 * bear: one cheap call, peekChanges (a stamp in the document cache, no properties read), every
 * BUSY_PEEK_MS while the page is visible and something moved lately; the panels reload only when the
 * stamp moved. Idle, the peeks space out up to IDLE_PEEK_MAX_MS; hidden (another browser tab, a
 * minimised window: document.visibilityState), none at all. A change seen, the page shown again or
 * the user acting in the sidebar makes it busy again at once.
 *
 * Why: properties read/writes are 50,000 a day for a consumer account
 * (https://developers.google.com/apps-script/guides/services/quotas); panels that read the stores
 * every 2 s would spend that in a day. `npm run bench` counts both cadences (sidebar_* fields).
 */
export const BUSY_PEEK_MS = 2000;
/** The slowest peek while visible and idle: a change made elsewhere shows within this. */
export const IDLE_PEEK_MAX_MS = 60_000;
/** Without a change or a user action for this long, peeks space out (doubling each time). */
export const IDLE_AFTER_MS = 5 * 60_000;

export interface Watcher {
  /** Calls `listener` after each peek that saw the stamp move (one at a time, never overlapping). */
  onChange(listener: () => Promise<void> | void): void;
  /** Something was done or may change soon (a run started): peek at the busy cadence again. */
  wake(): void;
  start(): void;
}

export function createWatcher(peek: () => Promise<string>): Watcher {
  const listeners: (() => Promise<void> | void)[] = [];
  let stamp: string | undefined;
  let lastActivity = Date.now();
  let delay = BUSY_PEEK_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  const visible = (): boolean => document.visibilityState !== 'hidden';

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!visible()) return; // Shown again: visibilitychange peeks at once.
    const idle = Date.now() - lastActivity >= IDLE_AFTER_MS;
    delay = idle ? Math.min(IDLE_PEEK_MAX_MS, delay * 2) : BUSY_PEEK_MS;
    timer = setTimeout(() => void tick(), delay);
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (inFlight || !visible()) return;
    inFlight = true;
    try {
      const next = await peek();
      // The first peek only sets the mark: the panels loaded what they show as the page opened.
      const moved = stamp !== undefined && next !== stamp;
      stamp = next;
      if (moved) {
        lastActivity = Date.now();
        await Promise.allSettled(listeners.map(async (listener) => listener()));
      }
    } catch {
      // No network, or the add-on did not answer: the next peek tries again.
    } finally {
      inFlight = false;
      schedule();
    }
  }

  function wake(): void {
    lastActivity = Date.now();
    delay = BUSY_PEEK_MS;
    if (!inFlight) schedule();
  }

  return {
    onChange: (listener) => void listeners.push(listener),
    wake,
    start() {
      document.addEventListener('visibilitychange', () => {
        if (visible()) {
          lastActivity = Date.now();
          delay = BUSY_PEEK_MS;
          void tick();
        } else if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      });
      // The user acting in the sidebar: things they do may change the stores.
      for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, wake, true);
      void tick();
    },
  };
}
