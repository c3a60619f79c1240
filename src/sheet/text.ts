/** Small text helpers shared by header detection, input parsing and fingerprints. */

/** Lower case, accents removed, every run of non-alphanumerics collapsed to one space. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Trimmed, inner whitespace collapsed (keeps case and accents: what we send to the API). */
export function cleanText(value: unknown): string {
  return String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "rows 2–41", "rows 2–5, 9–12" or "row 7". */
export function rowsLabel(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'no rows';
  const parts: string[] = [];
  let start = sorted[0]!;
  let previous = start;
  const flush = () => parts.push(start === previous ? `${start}` : `${start}–${previous}`);
  for (const row of sorted.slice(1)) {
    if (row !== previous + 1) {
      flush();
      start = row;
    }
    previous = row;
  }
  flush();
  const label = parts.length > 3 ? `${parts.slice(0, 3).join(', ')}…` : parts.join(', ');
  return `${sorted.length === 1 ? 'row' : 'rows'} ${label}`;
}
