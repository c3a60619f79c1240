/** A small seeded PRNG: the whole world, the job ids and the faults derive from `--seed`. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` distinct items, in list order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  digits(count: number): string;
  hex(count: number): string;
}

/**
 * Math's functions as module bindings: a global looked up in a jest test file's VM context goes
 * through the context's global object, several times slower than a local, and the world draws
 * millions of numbers (generating it took twice as long in jest as in plain node).
 */
const { imul, floor } = Math;

/** mulberry32: fast, 32-bit state, good enough for synthetic data. */
export function createRandom(seed: number): Random {
  let state = hashSeed(seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[floor(next() * items.length)] as T;
  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    sample<T>(items: readonly T[], count: number): T[] {
      // Walks the list once, keeping each item with the probability that leaves `count` in the end.
      const taken: T[] = [];
      for (let i = 0; i < items.length && taken.length < count; i++) {
        if (next() * (items.length - i) < count - taken.length) taken.push(items[i] as T);
      }
      return taken;
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries[entries.length - 1] as readonly [T, number])[0];
    },
    digits: (count) => chunked(count, 6, (size) => String(floor(next() * 10 ** size)).padStart(size, '0')),
    hex: (count) =>
      chunked(count, 6, (size) =>
        floor(next() * 16 ** size)
          .toString(16)
          .padStart(size, '0'),
      ),
  };
}

/** A draw has 32 random bits: longer strings are built from chunks of `size` characters. */
function chunked(count: number, size: number, draw: (size: number) => string): string {
  let result = '';
  for (let left = count; left > 0; left -= size) result += draw(Math.min(size, left));
  return result;
}

/** Spreads nearby seeds (1, 2, 3...) far apart, so `--seed 1` and `--seed 2` differ everywhere. */
export function hashSeed(seed: number): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  h = imul(h ^ (h >>> 16), 0x85ebca6b);
  h = imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Derives an independent stream (world, jobs, faults) from one seed. */
export function streamSeed(seed: number, stream: string): number {
  let h = hashSeed(seed);
  for (let i = 0; i < stream.length; i++) h = imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** An RFC 4122 v4-shaped id from the stream, so job ids are deterministic per seed. */
export function uuidFrom(random: Random): string {
  const hex = random.hex(32).split('');
  hex[12] = '4';
  hex[16] = '89ab'[random.int(0, 3)] as string;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
