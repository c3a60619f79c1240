/**
 * The search index over the items of one kind (companies or people), answering the filters of
 * search.ts without scanning every item per request:
 * - a text field keeps its distinct normalized values and, per value, the sorted indices of the
 *   items having it (an inverted index in one flat array). Exact matching is one map lookup;
 *   substring matching tests the distinct values (tens to a few thousand for titles, companies,
 *   places, skills... against 50,000 people) and takes the union of their postings;
 * - a range field keeps one number per item (NaN when the item has none), scanned per entry;
 * - each filter becomes a bitset over the items (include entries OR'd, exclude entries removed),
 *   filters are AND'ed word by word, and the page is read off the set bits in world order, so the
 *   order and `total` are those of a scan.
 * Fields are indexed on first use: a field no one filters on costs nothing.
 */
import type { RangeEntry, TextEntry } from './requests';
import { lower, type Filters, type RangeField, type SearchFields, type TextField } from './search';

/** A set of item indices, 32 per word. */
class Bits {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array(Math.ceil(size / 32));
  }

  /** Every index in [0, size). */
  static all(size: number): Bits {
    const bits = new Bits(size);
    bits.words.fill(0xffffffff);
    // Bits past `size` in the last word stay clear, so counts never include items that do not exist.
    if (size % 32 !== 0) bits.words[bits.words.length - 1] = (2 ** (size % 32) - 1) >>> 0;
    return bits;
  }

  add(index: number): void {
    (this.words[index >>> 5] as number) |= 1 << (index & 31);
  }

  and(other: Bits): void {
    for (let w = 0; w < this.words.length; w++) (this.words[w] as number) &= other.words[w] as number;
  }

  andNot(other: Bits): void {
    for (let w = 0; w < this.words.length; w++) (this.words[w] as number) &= ~(other.words[w] as number);
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** The indices of the page [offset, offset + limit) of the set, in order, and the set's size. */
function readPage(bits: Bits, offset: number, limit: number): { indices: number[]; total: number } {
  const indices: number[] = [];
  let total = 0;
  for (let w = 0; w < bits.words.length; w++) {
    const word = bits.words[w] as number;
    if (word === 0) continue;
    const count = popcount(word);
    // Whole words before the page or after it are only counted.
    if (total + count <= offset || indices.length >= limit) {
      total += count;
      continue;
    }
    for (let bit = 0; bit < 32; bit++) {
      if ((word & (1 << bit)) === 0) continue;
      if (total >= offset && indices.length < limit) indices.push(w * 32 + bit);
      total++;
    }
  }
  return { indices, total };
}

/** One text field: its distinct normalized values and, per value, the items having it. */
class Postings {
  private readonly ids = new Map<string, number>();
  private readonly values: string[] = [];
  /** Postings of value v: items[starts[v]] ... items[starts[v + 1] - 1], ascending. */
  private readonly starts: Uint32Array;
  private readonly items: Uint32Array;

  constructor(valuesOf: (index: number) => readonly string[], count: number) {
    // (item, value) pairs in item order, each pair once, so every posting comes out sorted.
    const pairItems: number[] = [];
    const pairValues: number[] = [];
    const ofItem: number[] = [];
    for (let index = 0; index < count; index++) {
      ofItem.length = 0;
      for (const value of valuesOf(index)) {
        let id = this.ids.get(value);
        if (id === undefined) {
          id = this.values.length;
          this.ids.set(value, id);
          this.values.push(value);
        }
        if (ofItem.includes(id)) continue;
        ofItem.push(id);
        pairItems.push(index);
        pairValues.push(id);
      }
    }
    this.starts = new Uint32Array(this.values.length + 1);
    for (const id of pairValues) (this.starts[id + 1] as number)++;
    for (let id = 0; id < this.values.length; id++)
      (this.starts[id + 1] as number) += this.starts[id] as number;
    const next = this.starts.slice(0, this.values.length);
    this.items = new Uint32Array(pairItems.length);
    pairItems.forEach((item, pair) => {
      const id = pairValues[pair] as number;
      this.items[(next[id] as number)++] = item;
    });
  }

  /** Adds to `bits` the items having the value `wanted` (exact) or one containing it. */
  mark(wanted: string, exact: boolean, bits: Bits): void {
    if (exact) {
      const id = this.ids.get(wanted);
      if (id !== undefined) this.markValue(id, bits);
      return;
    }
    for (let id = 0; id < this.values.length; id++)
      if ((this.values[id] as string).includes(wanted)) this.markValue(id, bits);
  }

  private markValue(id: number, bits: Bits): void {
    const end = this.starts[id + 1] as number;
    for (let at = this.starts[id] as number; at < end; at++) bits.add(this.items[at] as number);
  }
}

export class SearchIndex<T> {
  private readonly postings = new Map<string, Postings>();
  private readonly numbers = new Map<string, Float64Array>();

  constructor(
    private readonly items: readonly T[],
    private readonly fields: SearchFields<T>,
  ) {}

  /** Matching items in world order, the page of [offset, offset + limit), and the total. */
  search(filters: Filters, offset: number, limit: number): { page: T[]; total: number } {
    let matching: Bits | undefined;
    for (const [name, entries] of Object.entries(filters)) {
      if (!entries || entries.length === 0) continue;
      const set = this.filterSet(name, entries);
      if (matching) matching.and(set);
      else matching = set;
    }
    const { indices, total } = readPage(matching ?? Bits.all(this.items.length), offset, limit);
    return { page: indices.map((index) => this.items[index] as T), total };
  }

  /** Items matching any include entry (every item when there is none), minus those an exclude matches. */
  private filterSet(name: string, entries: readonly (TextEntry | RangeEntry)[]): Bits {
    const field = this.fields[name];
    if (!field) throw new Error(`no search field ${name}`);
    const included = new Bits(this.items.length);
    const excluded = new Bits(this.items.length);
    let hasInclude = false;
    for (const entry of entries) {
      const exclude = entry.exclude === true;
      hasInclude ||= !exclude;
      const target = exclude ? excluded : included;
      if (field.kind === 'text') this.markText(name, field, entry as TextEntry, target);
      else this.markRange(name, field, entry as RangeEntry, target);
    }
    const set = hasInclude ? included : Bits.all(this.items.length);
    set.andNot(excluded);
    return set;
  }

  private markText(name: string, field: TextField<T>, entry: TextEntry, bits: Bits): void {
    const normalize = field.normalize ?? lower;
    let postings = this.postings.get(name);
    if (!postings) {
      postings = new Postings(
        (index) => field.values(this.items[index] as T).map(normalize),
        this.items.length,
      );
      this.postings.set(name, postings);
    }
    postings.mark(normalize(entry.value), entry.exact_match === true, bits);
  }

  private markRange(name: string, field: RangeField<T>, entry: RangeEntry, bits: Bits): void {
    let values = this.numbers.get(name);
    if (!values) {
      values = Float64Array.from(this.items, (item) => field.value(item) ?? NaN);
      this.numbers.set(name, values);
    }
    const min = entry.min ?? -Infinity;
    const max = entry.max ?? Infinity;
    // NaN (no value) fails both comparisons: an item without the value never matches.
    for (let index = 0; index < values.length; index++) {
      const value = values[index] as number;
      if (value >= min && value <= max) bits.add(index);
    }
  }
}
