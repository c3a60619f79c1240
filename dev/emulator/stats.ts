/** Counters for the admin `stats` endpoint. */
export class Stats {
  /** "METHOD /route/pattern" → status → count. */
  private requests = new Map<string, Map<number, number>>();

  record(route: string, status: number): void {
    let byStatus = this.requests.get(route);
    if (!byStatus) this.requests.set(route, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  snapshot(): Record<string, Record<string, number>> {
    return Object.fromEntries(
      [...this.requests].map(([route, byStatus]) => [route, Object.fromEntries(byStatus)]),
    );
  }

  total(): number {
    let total = 0;
    for (const byStatus of this.requests.values()) for (const count of byStatus.values()) total += count;
    return total;
  }

  reset(): void {
    this.requests = new Map();
  }
}
