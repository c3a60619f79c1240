/**
 * The vendor's books (the add-on's "ledger" is its saved answers, another thing): credit balances,
 * one per workspace (keyring.ts), shared by its keys, and what was spent: per workspace, and per
 * key so that a team's spending can be told apart by member (admin stats).
 */
import type { KeyRing } from './keyring';
import { SearchMemory, type SearchKind } from './search-billing';

/** Who pays: the key that started the job or ran the search, and its workspace (whose balance pays). */
export interface Payer {
  key: string;
  workspaceId: string;
  /** When the vendor books the charge: the caller's clock when the job started or the search ran. */
  bookedAt?: number;
  /** The job's name (the search's kind): what the vendor's books list the charge under. */
  name?: string;
}

/** One line of the vendor's books (GET /__admin/books): what a key was charged for one job or search. */
export interface BookedCharge {
  key: string;
  workspace_id: string;
  /** The caller's clock (ms) when the job was started or the search ran: the day it counts on. */
  at: number;
  name: string;
  credits: number;
}

/** What charging a search did: `fresh` results were new to the workspace, `credits` were taken. */
export type SearchCharge =
  { ok: true; fresh: number; credits: number } | { ok: false; credits: number; balance: number };

export class Books {
  private readonly balances = new Map<string, number>();
  private readonly spentByKey = new Map<string, number>();
  private readonly spentByWorkspace = new Map<string, number>();
  private spentTotal = 0;
  private readonly booked = new Map<string, BookedCharge>();
  /** Kept here so that every change of balances (set, reset) forgets what search remembers with it. */
  private readonly searches = new SearchMemory();

  constructor(
    private readonly keyRing: KeyRing,
    private startingBalance: number,
  ) {}

  balance(workspace: string): number {
    return this.balances.get(workspace) ?? this.startingBalance;
  }

  /** Takes `credits` from the payer's workspace if its balance allows; false (and nothing taken) otherwise. */
  charge(payer: Payer, credits: number): boolean {
    const balance = this.balance(payer.workspaceId);
    if (credits > balance) return false;
    this.balances.set(payer.workspaceId, balance - credits);
    this.spentTotal += credits;
    addTo(this.spentByKey, payer.key, credits);
    addTo(this.spentByWorkspace, payer.workspaceId, credits);
    const { key, workspaceId, bookedAt = 0, name = '' } = payer;
    const line = `${key}\n${bookedAt}\n${name}`;
    const entry = this.booked.get(line) ?? { key, workspace_id: workspaceId, at: bookedAt, name, credits: 0 };
    this.booked.set(line, { ...entry, credits: entry.credits + credits });
    return true;
  }

  /**
   * Charges the results of a search that are new to the workspace (search-billing.ts), all or
   * nothing: when the balance cannot cover the charge, nothing is taken and nothing remembered.
   */
  chargeSearch(payer: Payer, kind: SearchKind, ids: readonly string[]): SearchCharge {
    const quote = this.searches.quote(payer.workspaceId, kind, ids);
    if (!this.charge(payer, quote.credits))
      return { ok: false, credits: quote.credits, balance: this.balance(payer.workspaceId) };
    this.searches.commit(quote);
    return { ok: true, fresh: quote.fresh.length, credits: quote.credits };
  }

  /**
   * Sets the balance of one key's workspace (false for an unknown key), or of every workspace when no
   * key is given. Like a top-up, it leaves what search remembers alone: results returned before stay
   * free (reset forgets).
   */
  setBalance(balance: number, key?: string): boolean {
    if (key === undefined) {
      this.balances.clear();
      this.startingBalance = balance;
      return true;
    }
    const workspace = this.keyRing.workspaceOf(key);
    if (workspace === undefined) return false;
    this.balances.set(workspace, balance);
    return true;
  }

  /** Every charge, one line per job or search call (its credits added up), in the order first charged. */
  charges(): BookedCharge[] {
    return [...this.booked.values()].filter((charge) => charge.credits > 0);
  }

  get spent(): number {
    return this.spentTotal;
  }

  /** Every valid key (0 when it spent nothing), and removed keys that spent before they went. */
  spentPerKey(): Record<string, number> {
    return withZeros(this.keyRing.keys(), this.spentByKey);
  }

  spentPerWorkspace(): Record<string, number> {
    return withZeros(this.keyRing.workspaces(), this.spentByWorkspace);
  }

  balancesByWorkspace(): Record<string, number> {
    return Object.fromEntries(this.keyRing.workspaces().map((id) => [id, this.balance(id)]));
  }

  /** Per workspace, first-time search results not billed yet (fewer than a credit's worth). */
  unbilledSearchResultsByWorkspace(): Record<string, number> {
    return Object.fromEntries(this.keyRing.workspaces().map((id) => [id, this.searches.unbilled(id)]));
  }

  reset(startingBalance: number): void {
    this.balances.clear();
    this.startingBalance = startingBalance;
    this.spentTotal = 0;
    this.spentByKey.clear();
    this.spentByWorkspace.clear();
    this.booked.clear();
    this.searches.forget();
  }
}

function addTo(totals: Map<string, number>, name: string, credits: number): void {
  totals.set(name, (totals.get(name) ?? 0) + credits);
}

/** Stable keys for assertions: every name listed, spent or not. */
function withZeros(names: readonly string[], totals: ReadonlyMap<string, number>): Record<string, number> {
  return { ...Object.fromEntries(names.map((name) => [name, 0])), ...Object.fromEntries(totals) };
}
