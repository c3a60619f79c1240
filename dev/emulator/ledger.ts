/** API keys, their workspaces and credit balances. One workspace per key. */
import { createHash } from 'node:crypto';

export class Ledger {
  private readonly balances = new Map<string, number>();
  private spentTotal = 0;

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

  /** Sets the balance of one key's workspace, or of every workspace when no key is given. */
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

  reset(startingBalance: number): void {
    this.balances.clear();
    this.startingBalance = startingBalance;
    this.spentTotal = 0;
  }
}

/** Stable per key, and reveals nothing of it. */
export function workspaceId(key: string): string {
  return `ws_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
