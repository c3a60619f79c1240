/** Days and times as the user reads them: in the spreadsheet's time zone. */

/** "2026-11-22" in the time zone (an unknown zone falls back to UTC rather than failing a run). */
export function dayIn(timeZone: string, ms: number): string {
  return parts(timeZone, ms).slice(0, 10);
}

/** "2026-11-22 19:45" in the time zone. */
export function minuteIn(timeZone: string, ms: number): string {
  return parts(timeZone, ms);
}

function parts(timeZone: string, ms: number): string {
  try {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const get = (type: string, all: Intl.DateTimeFormatPart[]) =>
      all.find((part) => part.type === type)?.value ?? '';
    const all = format.formatToParts(new Date(ms));
    return `${get('year', all)}-${get('month', all)}-${get('day', all)} ${get('hour', all)}:${get('minute', all)}`;
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}
