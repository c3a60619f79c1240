/**
 * The one credit balance of the page. The header shows it, and every cost line compares against it;
 * any answer that brings a balance (the header's own ↻, a plan, a formula plan, a search preview)
 * makes it the page's, so the header and a plan never disagree.
 */
type Listener = (balance: number) => void;

let current: number | null = null;
const listeners = new Set<Listener>();

/** The last balance any answer brought; null before the first. */
export function knownBalance(): number | null {
  return current;
}

/** An answer brought a balance (null: it did not ask the API, nothing to learn). */
export function learnBalance(balance: number | null | undefined): void {
  if (balance === null || balance === undefined || balance === current) return;
  current = balance;
  for (const listener of listeners) listener(balance);
}

/** Calls `listener` with every new balance. */
export function onBalance(listener: Listener): void {
  listeners.add(listener);
}
