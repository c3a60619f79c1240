/** Months are stored as year * 12 + month index; the API shows ISO date-times or {month, year}. */

export function isoMonth(month: number): string {
  const year = Math.floor(month / 12);
  const monthOfYear = String((month % 12) + 1).padStart(2, '0');
  return `${year}-${monthOfYear}-01T00:00:00Z`;
}

export function isoYear(year: number): string {
  return `${year}-09-01T00:00:00Z`;
}

export function monthYear(month: number): { month: number; year: number } {
  return { month: (month % 12) + 1, year: Math.floor(month / 12) };
}
