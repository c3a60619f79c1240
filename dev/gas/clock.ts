/**
 * The time the add-on sees: real time plus an offset that tests move forward, so a 6-minute budget
 * or a 6-hour cache TTL can be crossed without waiting. A `still` clock (LoadOptions.seed) leaves
 * real time out: it moves only when moved, so a replay sees the same times whatever the machine's pace.
 */
export class HarnessClock {
  constructor(
    private offsetMs = 0,
    readonly still = false,
  ) {}

  private real(): number {
    return this.still ? 0 : Date.now();
  }

  /** Jumps to an absolute time (setting up a test), forwards or backwards. */
  advanceTo(epochMs: number): void {
    this.offsetMs = epochMs - this.real();
  }

  now(): number {
    return this.real() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advanceClock needs a non-negative number, got ${ms}`);
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
