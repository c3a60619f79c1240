/**
 * The search index answers exactly what a scan of every item answers (same page, same order, same
 * total), for random filter combinations over the real default world: the index may only change
 * the speed of a search, never its result.
 */
import type { RangeEntry, TextEntry } from '../../dev/emulator/requests';
import {
  COMPANY_FIELDS,
  PEOPLE_FIELDS,
  lower,
  type Filters,
  type SearchFields,
} from '../../dev/emulator/search';
import { SearchIndex } from '../../dev/emulator/search-index';
import { generateWorld } from '../../dev/emulator/world';
import { createRandom, type Random } from '../../dev/emulator/world/random';

type Entry = TextEntry | RangeEntry;

// Normalized values per field, computed once: the reference scan is slow enough without redoing them.
const normalizedCache = new Map<unknown, string[][]>();

/** The semantics of docs/api-decisions.md, item by item, with nothing precomputed but the values. */
function scan<T>(
  items: readonly T[],
  fields: SearchFields<T>,
  filters: Filters,
  offset: number,
  limit: number,
) {
  const tests = Object.entries(filters).flatMap(([name, entries]) => {
    if (!entries || entries.length === 0) return [];
    const field = fields[name];
    if (!field) throw new Error(name);
    let normalized = normalizedCache.get(field) ?? [];
    if (field.kind === 'text' && !normalizedCache.has(field)) {
      normalized = items.map((item) => field.values(item).map(field.normalize ?? lower));
      normalizedCache.set(field, normalized);
    }
    const matches = (entry: Entry): ((index: number) => boolean) => {
      if (field.kind === 'range') {
        const { min = -Infinity, max = Infinity } = entry as RangeEntry;
        return (index) => {
          const value = field.value(items[index] as T);
          return value !== undefined && value >= min && value <= max;
        };
      }
      const { value, exact_match } = entry as TextEntry;
      const wanted = (field.normalize ?? lower)(value);
      return exact_match
        ? (index) => (normalized[index] as string[]).includes(wanted)
        : (index) => (normalized[index] as string[]).some((v) => v.includes(wanted));
    };
    const includes = entries.filter((e) => !e.exclude).map(matches);
    const excludes = entries.filter((e) => e.exclude).map(matches);
    return [
      (index: number) =>
        (includes.length === 0 || includes.some((m) => m(index))) && !excludes.some((m) => m(index)),
    ];
  });
  const matching = items.flatMap((item, index) => (tests.every((test) => test(index)) ? [item] : []));
  return { page: matching.slice(offset, offset + limit), total: matching.length };
}

/** A text value taken from a random item: whole, a slice of it, re-cased, URL-dressed, or absent. */
function textEntry<T>(
  random: Random,
  items: readonly T[],
  values: (item: T) => readonly string[],
): TextEntry {
  let found: readonly string[] = [];
  for (let tries = 0; tries < 5 && found.length === 0; tries++) found = values(random.pick(items));
  let value = found.length > 0 ? random.pick(found) : 'nothing has this';
  const shape = random.int(0, 5);
  if (shape === 0 && value.length > 2) {
    const start = random.int(0, value.length - 2);
    value = value.slice(start, start + random.int(1, 6));
  } else if (shape === 1) value = value.toUpperCase();
  else if (shape === 2) value = `https://www.${value}/`;
  else if (shape === 3) value = random.pick(['a', 'e', 'an', 'ing', 'zz', '', ' ']);
  return {
    value,
    ...(random.chance(0.5) ? { exact_match: random.chance(0.6) } : {}),
    ...(random.chance(0.5) ? { exclude: random.chance(0.3) } : {}),
  };
}

function rangeEntry<T>(
  random: Random,
  items: readonly T[],
  value: (item: T) => number | undefined,
): RangeEntry {
  const around = () => (value(random.pick(items)) ?? 0) + random.int(-3, 3);
  const [a, b] = [around(), around()].sort((x, y) => x - y) as [number, number];
  return {
    ...(random.chance(0.8) ? { min: a } : {}),
    ...(random.chance(0.8) ? { max: random.chance(0.1) ? a - 1 : b } : {}),
    ...(random.chance(0.2) ? { exclude: true } : {}),
  };
}

function randomFilters<T>(random: Random, items: readonly T[], fields: SearchFields<T>): Filters {
  const names = random.sample(Object.keys(fields), random.int(1, 4));
  return Object.fromEntries(
    names.map((name) => {
      const field = fields[name];
      if (!field) throw new Error(name);
      const entries = Array.from({ length: random.int(random.chance(0.05) ? 0 : 1, 3) }, () =>
        field.kind === 'text'
          ? textEntry(random, items, field.values)
          : rangeEntry(random, items, field.value),
      );
      return [name, entries];
    }),
  );
}

function compare<T extends { id: string }>(
  items: readonly T[],
  fields: SearchFields<T>,
  seed: number,
  runs: number,
) {
  const index = new SearchIndex(items, fields);
  const random = createRandom(seed);
  let nonEmpty = 0;
  for (let run = 0; run < runs; run++) {
    const filters = randomFilters(random, items, fields);
    const limit = random.pick([1, 10, 100]);
    const offset = random.pick([0, 0, 1, 7, 100, random.int(0, 3_000)]);
    const expected = scan(items, fields, filters, offset, limit);
    const actual = index.search(filters, offset, limit);
    const ids = (page: T[]) => page.map((item) => item.id);
    expect({ filters, offset, limit, total: actual.total, page: ids(actual.page) }).toEqual({
      filters,
      offset,
      limit,
      total: expected.total,
      page: ids(expected.page),
    });
    if (expected.page.length > 0) nonEmpty++;
  }
  // Random filters that never match anything would prove little.
  expect(nonEmpty).toBeGreaterThan(runs / 4);
}

const world = generateWorld(1);

describe('search index', () => {
  it('answers the page and total of a scan, for 300 random people searches', () => {
    compare(world.people, PEOPLE_FIELDS, 11, 300);
  });

  it('answers the page and total of a scan, for 200 random company searches', () => {
    compare(world.companies, COMPANY_FIELDS, 12, 200);
  });

  it('keeps the world order and an exact total without filters, and past the last item', () => {
    const index = new SearchIndex(world.people, PEOPLE_FIELDS);
    const count = world.people.length;
    expect(index.search({}, 0, 3).page).toEqual(world.people.slice(0, 3));
    expect(index.search({ person_skills: [] }, count - 2, 100)).toEqual({
      page: world.people.slice(count - 2),
      total: count,
    });
    expect(index.search({}, count, 10)).toEqual({ page: [], total: count });
  });

  it('counts exactly when the items fill whole words of the bitset, or there are none', () => {
    for (const size of [0, 1, 31, 32, 64, 65]) {
      const index = new SearchIndex(world.companies.slice(0, size), COMPANY_FIELDS);
      expect(index.search({}, 0, 100).total).toBe(size);
      const only = world.companies[0]?.id ?? '';
      const rest = index.search({ company_ids: [{ value: only, exact_match: true, exclude: true }] }, 0, 100);
      expect(rest).toEqual({ page: world.companies.slice(1, size), total: Math.max(0, size - 1) });
    }
  });
});
