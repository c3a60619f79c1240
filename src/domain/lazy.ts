/**
 * A value built on first use and kept: `lazy(() => z.object(…))` is a getter for one schema.
 * Apps Script evaluates all of Code.js at the start of every execution (each custom-function call
 * included), so a schema built at module level costs every execution, used or not.
 *
 * A module-level `lazy(…)` call stays in Code.js even when nothing calls its getter, unless the
 * call is marked `/* @__PURE__ *\/`: esbuild honours a `@__NO_SIDE_EFFECTS__` on this function only
 * inside this file, so the schema modules mark their calls one by one.
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
