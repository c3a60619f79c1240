/** Days and times as the user reads them: in the spreadsheet's time zone. */

/** "2026-11-22" in the time zone (an unknown zone falls back to UTC rather than failing a run). */
export const dayIn = (timeZone: string, ms: number): string => minuteIn(timeZone, ms).slice(0, 10);

/**
 * One formatter per zone for the execution: making one costs far more than formatting with it, and
 * a cap's midnight alone asks for several minutes (about a tenth of a poll's time in the fuzzer's
 * profile, stop 72). An unknown zone throws when its formatter is made: never kept.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** "2026-11-22 19:45" in the time zone. */
export function minuteIn(timeZone: string, ms: number): string {
  try {
    const part: Record<string, string> = {};
    for (const { type, value } of formatIn(timeZone).formatToParts(ms)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** 24 hours. */
export const DAY_MS = 86_400_000;

/** Minutes since the last midnight at `ms` in the time zone. */
const minutesIntoDay = (timeZone: string, ms: number): number => {
  const [hours = 0, minutes = 0] = minuteIn(timeZone, ms).slice(11).split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The next midnight after `ms` in the time zone, to the minute: a day that a clock change made 23
 * or 25 hours long ends at its real midnight (where a zone skips midnight, at the day's first minute).
 */
export function nextMidnight(timeZone: string, ms: number): number {
  const guess = ms - (ms % 60_000) - minutesIntoDay(timeZone, ms) * 60_000 + DAY_MS;
  const into = minutesIntoDay(timeZone, guess);
  const midnight = guess - (into < 720 ? into : into - 1440) * 60_000;
  return minutesIntoDay(timeZone, midnight) === 0 ? midnight : guess;
}

/** A daily cap's count and the moment it resets, as a stored record keeps them. */
export interface CapDay {
  /** The day the count is for, as the user reads it ("2026-11-22"): for display only. */
  day: string;
  /** When the count starts again (ms). Absent in records written before it was kept. */
  resetAt?: number;
}

/**
 * Whether a daily cap's count is still the current one, and when it resets. The reset moment is
 * fixed when the count starts (the next midnight in the spreadsheet's zone then) and kept; a later
 * change of the time zone can only make the count last longer: it ends at the first midnight, at or
 * after that moment, of the zone the document reads now. A zone moved west (Paris to UTC) would
 * otherwise start a new count an hour before the day it names ended there: one day, two caps.
 */
export function capDay(
  stored: CapDay,
  timeZone: string,
  now: number,
): { current: boolean; day: string; resetAt: number } {
  const today = newCapDay(timeZone, now);
  // An older record: its count holds for the rest of the day it names.
  if (stored.resetAt === undefined) return { ...today, current: stored.day === today.day };
  if (now < Math.max(stored.resetAt, nextMidnight(timeZone, stored.resetAt - 1)))
    return { current: true, day: stored.day, resetAt: stored.resetAt };
  return { ...today, current: false };
}

/** What an execution reads the day by: the document's time zone, and the time (an AppContext). */
export const zoneAndNow = (ctx: {
  spreadsheet: { timeZone(): string };
  clock: { now(): number };
}): [string, number] => [ctx.spreadsheet.timeZone(), ctx.clock.now()];

/** A count that starts now: today, and its reset, fixed now (no later zone change makes it earlier). */
export const newCapDay = (timeZone: string, now: number): Required<CapDay> => ({
  day: dayIn(timeZone, now),
  resetAt: nextMidnight(timeZone, now),
});

/**
 * Whether a run started at `startedAt` counts in the daily count whose reset is `resetAt` (started
 * since the count's last reset): only then does it give back what it did not spend (a run of an
 * earlier count gave its credits to a count that is over).
 */
export const sinceReset = (startedAt: number, resetAt: number | undefined): boolean =>
  startedAt >= (resetAt ?? 0) - DAY_MS;
