/**
 * The emulator's time under the `callerClock` option (options.ts): the latest clock a caller sent
 * in `x-local-clock` (the local Apps Script runtime sends its harness clock), never going back;
 * requests without it (the admin client's, unless given a clock) leave it where it is. Until the
 * first one, and again after a reset, it is real time: a reset starts a new world whose clock may
 * be behind the last one's.
 */
export class CallerClock {
  private latest?: number;

  constructor(private readonly wall: () => number) {}

  readonly now = (): number => this.latest ?? this.wall();

  /** Moves to `at` when it is later; true when time moved. */
  see(at: number | undefined): boolean {
    if (at === undefined || (this.latest !== undefined && at <= this.latest)) return false;
    this.latest = at;
    return true;
  }

  reset(): void {
    this.latest = undefined;
  }
}
