/** Small text helpers shared by header detection, input parsing and fingerprints. */
import { agree } from '../domain/words';

/**
 * Lower case, Latin accents removed, every run of other characters collapsed to one space. Letters
 * of every script are kept (with their marks: a Devanagari vowel sign or a kana voicing mark changes
 * the name): fingerprints fold names with this, and keeping only a-z made every Cyrillic, Greek or
 * CJK name fold to "" so that different people at one company shared a fingerprint.
 */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A header folded for matching: camelCase and letter-digit runs split first, so the headers of
 * prospecting and automation tools' exports ("linkedinProfileUrl", "company_domain", "email2") read
 * like the words a person types. Not for fingerprints: it would split "McDonald".
 */
export function foldHeader(header: string): string {
  // A Salesforce custom field's API name ends with "__c" ("Company__c"): not a word of the header.
  const words = header
    .replace(/__c$/i, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2');
  // "LinkedIn" splits like any camelCase word; the brand is one word in every header list.
  return foldText(words).replace(/\blinked in\b/g, 'linkedin');
}

/** Trimmed, inner whitespace collapsed (keeps case and accents: what we send to the API). */
export function cleanText(value: unknown): string {
  return String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sorted items in runs of consecutive positions: rows [2, 3, 4, 7] → [[2, 3, 4], [7]]. */
export function consecutiveRuns<T>(sorted: readonly T[], position: (item: T) => number): T[][] {
  const runs: T[][] = [];
  for (const item of sorted) {
    const run = runs[runs.length - 1];
    if (run && position(run[run.length - 1]!) === position(item) - 1) run.push(item);
    else runs.push([item]);
  }
  return runs;
}

/** "rows 2–41", "rows 2–5, 9–12" or "row 7"; past `parts` runs of rows, "…". */
export function rowsLabel(rows: readonly number[], parts = 3): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'no rows';
  const runs = consecutiveRuns(sorted, (row) => row).map(([start, ...rest]) =>
    rest.length ? `${start}–${rest[rest.length - 1]}` : `${start}`,
  );
  const label = runs.slice(0, parts).join(', ') + (runs.length > parts ? '…' : '');
  return `${agree(sorted.length, 'row', 'rows')} ${label}`;
}
