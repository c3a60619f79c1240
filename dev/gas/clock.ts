/**
 * The time the add-on sees: real time plus an offset that tests move forward, so a 6-minute budget
 * or a 6-hour cache TTL can be crossed without waiting.
 */
export class HarnessClock {
  constructor(private offsetMs = 0) {}

  /** Jumps to an absolute time (setting up a test), forwards or backwards. */
  advanceTo(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advanceClock needs a non-negative number, got ${ms}`);
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
