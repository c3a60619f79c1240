/**
 * How a feature declares what the sidebar may call: one entry per call, with the schema its input is
 * parsed with and the use case that answers it. The sidebar server (sidebar-server.ts), the type the page
 * calls it through (SidebarServer, sidebar-server.ts) and the top-level stubs (src/index.ts) all derive from
 * the features' tables, so adding a call is one entry in one table.
 */
import * as z from 'zod/mini';
import type { AppContext } from '../engine/context';

export interface RpcEntry<I, O> {
  /** What the input is, in the one line a malformed request is reported with. */
  what: string;
  /** Built on first use (Code.js is evaluated at the start of every execution). */
  input: (() => z.ZodMiniType<I>) | null;
  handler: (ctx: AppContext, input: I) => O;
}

/** A call that takes input, parsed with `input()` before the handler sees it. */
export function call<I, O>(
  what: string,
  input: () => z.ZodMiniType<I>,
  handler: (ctx: AppContext, input: I) => O,
): RpcEntry<I, O> {
  return { what, input, handler };
}

/** A call without input (its handler gets undefined as its second argument: defaults apply). */
export function query<O>(handler: (ctx: AppContext) => O): RpcEntry<void, O> {
  return { what: '', input: null, handler };
}

/** A run's or a plan's id. */
export const recordId = () => z.string().check(z.minLength(1), z.maxLength(64));

/** Text of at most `max` characters. */
export const text = (max: number) => z.string().check(z.maxLength(max));

export type RpcTable = Record<string, RpcEntry<never, unknown>>;

/** The functions a table offers, as the page calls them. */
export type ServerOf<T> = {
  [K in keyof T]: T[K] extends RpcEntry<infer I, infer O>
    ? undefined extends I
      ? (input?: I) => O
      : (input: I) => O
    : never;
};

/** A whole number from `min` to `max` (an id: any), as one refine: a bad value is reported in one sentence. */
export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .number()
    .check(
      z.refine(
        (n: number) => Number.isInteger(n) && n >= min && n <= max,
        `expected a whole number from ${min} to ${max}`,
      ),
    );
