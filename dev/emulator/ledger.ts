/** API keys, their workspaces and credit balances. One workspace per key. */
import { createHash } from 'node:crypto';
import { SearchMemory, type SearchKind } from './search-billing';

/** What charging a search did: `fresh` results were new to the workspace, `credits` were taken. */
export type SearchCharge =
  { ok: true; fresh: number; credits: number } | { ok: false; credits: number; balance: number };

export class Ledger {
  private readonly balances = new Map<string, number>();
  private spentTotal = 0;
  /** Kept here so that every change of balances (set, reset) forgets what search remembers with it. */
  private readonly searches = new SearchMemory();

  constructor(
    private readonly keys: readonly string[],
    private startingBalance: number,
  ) {}

  /** The workspace of a known key; undefined for an unknown one. */
  workspaceOf(key: string): string | undefined {
    return this.keys.includes(key) ? workspaceId(key) : undefined;
  }

  balance(workspace: string): number {
    return this.balances.get(workspace) ?? this.startingBalance;
  }

  /** Takes `credits` if the balance allows; false (and nothing taken) otherwise. */
  charge(workspace: string, credits: number): boolean {
    const balance = this.balance(workspace);
    if (credits > balance) return false;
    this.balances.set(workspace, balance - credits);
    this.spentTotal += credits;
    return true;
  }

  /**
   * Charges the results of a search that are new to the workspace (search-billing.ts), all or
   * nothing: when the balance cannot cover the charge, nothing is taken and nothing remembered.
   */
  chargeSearch(workspace: string, kind: SearchKind, ids: readonly string[]): SearchCharge {
    const quote = this.searches.quote(workspace, kind, ids);
    if (!this.charge(workspace, quote.credits))
      return { ok: false, credits: quote.credits, balance: this.balance(workspace) };
    this.searches.commit(quote);
    return { ok: true, fresh: quote.fresh.length, credits: quote.credits };
  }

  /**
   * Sets the balance of one key's workspace, or of every workspace when no key is given. Like a
   * top-up, it leaves what search remembers alone: results returned before stay free (reset forgets).
   */
  setBalance(balance: number, key?: string): void {
    if (key === undefined) {
      this.balances.clear();
      this.startingBalance = balance;
    } else {
      this.balances.set(workspaceId(key), balance);
    }
  }

  get spent(): number {
    return this.spentTotal;
  }

  balancesByWorkspace(): Record<string, number> {
    return Object.fromEntries(this.keys.map((key) => [workspaceId(key), this.balance(workspaceId(key))]));
  }

  /** Per workspace, first-time search results not billed yet (fewer than a credit's worth). */
  unbilledSearchResultsByWorkspace(): Record<string, number> {
    return Object.fromEntries(
      this.keys.map((key) => [workspaceId(key), this.searches.unbilled(workspaceId(key))]),
    );
  }

  reset(startingBalance: number): void {
    this.balances.clear();
    this.startingBalance = startingBalance;
    this.spentTotal = 0;
    this.searches.forget();
  }
}

/** Stable per key, and reveals nothing of it. */
export function workspaceId(key: string): string {
  return `ws_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
