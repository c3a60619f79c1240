/** How the emulator compares what a caller typed with what the world holds. */

// Letters NFD does not decompose into a base letter + accent.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ı: 'i',
  þ: 'th',
};

/** Lower case, without accents. */
export function foldAccents(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßłøæœđıþ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** A key for a person's or company's name: case-, accent- and whitespace-insensitive. */
export function nameKey(value: string): string {
  return memoised(`k\u0000${value}`, () => foldAccents(value).replace(/\s+/g, ''));
}

/** `https://www.Acme.com/about` → `acme.com`. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#:].*$/, '')
    .replace(/\.$/, '');
}

/** The handle of a person's network URL (`.../in/<handle>`), lower case; undefined when there is none. */
export function networkHandle(url: string): string | undefined {
  const match = /\/in\/([^/?#]+)/.exec(url.trim().toLowerCase());
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

// The world derives keys and slugs from the same few hundred names fifty thousand times.
const cache = new Map<string, string>();
function memoised(cacheKey: string, compute: () => string): string {
  let result = cache.get(cacheKey);
  if (result === undefined) {
    result = compute();
    if (cache.size < 100_000) cache.set(cacheKey, result);
  }
  return result;
}

/** ASCII slug for handles, domains and email local parts: `Ó Súilleabháin` → `osuilleabhain`. */
export function slug(value: string, separator = ''): string {
  return memoised(`${separator}\u0001${value}`, () =>
    foldAccents(value)
      .split(/[^a-z0-9]+/)
      .filter((part) => part !== '')
      .join(separator),
  );
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
