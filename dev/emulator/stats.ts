/** Counters for the admin `stats` endpoint. */
import type { SearchKind } from './search-billing';

/** Searches of one kind: what was answered, returned and charged. */
export interface SearchCounters {
  /** Searches answered with results (200). */
  requests: number;
  /** Refused with 402: the balance could not cover the charge. */
  refused_for_credits: number;
  results_returned: number;
  /** Results returned to their workspace for the first time (the ones that cost anything). */
  results_charged: number;
  credits_charged: number;
}

const noSearches = (): SearchCounters => ({
  requests: 0,
  refused_for_credits: 0,
  results_returned: 0,
  results_charged: 0,
  credits_charged: 0,
});

export class Stats {
  /** "METHOD /route/pattern" → status → count. */
  private requests = new Map<string, Map<number, number>>();
  private searches: Record<SearchKind, SearchCounters> = { company: noSearches(), people: noSearches() };

  record(route: string, status: number): void {
    let byStatus = this.requests.get(route);
    if (!byStatus) this.requests.set(route, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  recordSearch(kind: SearchKind, returned: number, charged: number, credits: number): void {
    const counters = this.searches[kind];
    counters.requests++;
    counters.results_returned += returned;
    counters.results_charged += charged;
    counters.credits_charged += credits;
  }

  recordSearchRefused(kind: SearchKind): void {
    this.searches[kind].refused_for_credits++;
  }

  snapshot(): Record<string, Record<string, number>> {
    return Object.fromEntries(
      [...this.requests].map(([route, byStatus]) => [route, Object.fromEntries(byStatus)]),
    );
  }

  /** Both kinds added up, and each kind on its own. */
  searchSnapshot(): SearchCounters & { by_kind: Record<SearchKind, SearchCounters> } {
    const { company, people } = this.searches;
    const sum = noSearches();
    for (const key of Object.keys(sum) as (keyof SearchCounters)[]) sum[key] = company[key] + people[key];
    return { ...sum, by_kind: { company: { ...company }, people: { ...people } } };
  }

  total(): number {
    let total = 0;
    for (const byStatus of this.requests.values()) for (const count of byStatus.values()) total += count;
    return total;
  }

  reset(): void {
    this.requests = new Map();
    this.searches = { company: noSearches(), people: noSearches() };
  }
}
