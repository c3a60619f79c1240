/** An in-memory search API: a list of results per kind, paged as the API pages; failures on demand. */
import type { ApiError } from '../../../src/api/errors';
import type { SearchApi, SearchPage } from '../../../src/api/port';
import type { SearchKind } from '../../../src/domain/search-filters';

export class FakeSearchApi implements SearchApi {
  results: Record<SearchKind, unknown[]> = { companies: [], people: [] };
  /** Every request, in order. */
  requests: {
    kind: SearchKind;
    filters: Readonly<Record<string, unknown>>;
    offset: number;
    limit: number;
  }[] = [];
  /** An API whose metadata gives no total (people search's metadata is "not shown" in the spec). */
  withoutTotal = false;
  /** The failure a request (numbered from 1) gets instead of its page, if any. */
  failOn: (request: { n: number; offset: number }) => ApiError | undefined = () => undefined;

  search(
    kind: SearchKind,
    filters: Readonly<Record<string, unknown>>,
    offset: number,
    limit: number,
  ): SearchPage {
    this.requests.push({ kind, filters, offset, limit });
    const failure = this.failOn({ n: this.requests.length, offset });
    if (failure) throw failure;
    const all = this.results[kind];
    const items = all.slice(offset, offset + limit);
    return this.withoutTotal ? { items } : { items, total: all.length };
  }
}

/** A people result as the API sends it (spec §2.4), enough for a tab's columns. */
export const person = (n: number): Record<string, unknown> => ({
  id: `p${n}`,
  full_name: `Person ${n}`,
  first_name: 'Person',
  last_name: String(n),
  social_profiles: { network: { url: `https://www.linkedin.com/in/person-${n}` } },
  employment: {
    current: {
      title: 'VP Sales',
      company: { id: `c${n % 7}`, name: `Company ${n % 7}`, domain: `company${n % 7}.com` },
    },
  },
});
