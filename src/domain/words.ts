/** Counts in words, the same on the server and in the sidebar: "1 contact", "20 companies". */

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** "1 credit", "2 credits", "20 companies" (a consonant and y make -ies); `many` for the rest. */
export function plural(
  count: number,
  one: string,
  many = /[^aeiou]y$/.test(one) ? `${one.slice(0, -1)}ies` : `${one}s`,
): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
