/** Counts in words, the same on the server, in the sidebar and in the CLIs: "1 contact", "20 companies". */

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** The form of a word (or phrase) that agrees with `count`: "holds its" for 1, "hold their" else. */
export function agree(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** "1 credit", "2 credits", "20 companies" (a consonant and y make -ies); `many` for the rest. */
export function plural(
  count: number,
  one: string,
  many = /[^aeiou]y$/.test(one) ? `${one.slice(0, -1)}ies` : `${one}s`,
): string {
  return `${formatNumber(count)} ${agree(count, one, many)}`;
}

/** Where the user finds a job by its name or id: the enrichment API's web dashboard. */
export const DASHBOARD = "the provider's dashboard";
