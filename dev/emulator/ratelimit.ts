/**
 * Requests per "minute" per key, in fixed windows that start at a key's first request: simple to
 * reason about in tests (N requests pass, the N+1th gets a 429 until the window ends).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: () => number,
    private readonly minuteMs: () => number,
    private readonly now: () => number,
  ) {}

  /** Counts the request; returns the ms until the window ends when over the limit, else 0. */
  hit(key: string, now = this.now()): number {
    const limit = this.limit();
    if (limit <= 0) return 0;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.minuteMs()) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= limit) return window.startedAt + this.minuteMs() - now;
    window.count++;
    return 0;
  }

  reset(): void {
    this.windows.clear();
  }
}
