/**
 * Apps Script evaluates all of dist/Code.js at the start of every execution, custom-function calls
 * included: loading it must build no zod schema (they are built on first use, src/domain/lazy.ts). Code.js
 * bundles src/domain/zod-subset.ts in zod/mini's place, so its schemas are counted too.
 */
import { join } from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import { ZOD_SUBSET } from '../../scripts/lib/code-options';
import { ROOT, readDist } from './dist';

/**
 * How many zod schemas and checks `source` builds while it is evaluated in a fresh context. zod's
 * constructor reads `instance._zod` before defining it, so a getter on Object.prototype sees each one.
 */
function zodConstructionsWhileLoading(source: string): number {
  const context = vm.createContext(vm.constants.DONT_CONTEXTIFY ?? {});
  // The subset's Schema constructor assigns `this.p` (its parse function) first.
  vm.runInContext(
    `globalThis.zodConstructions = 0;
     Object.defineProperty(Object.prototype, '_zod', {
       get() { globalThis.zodConstructions++; return undefined; },
       configurable: true,
     });
     Object.defineProperty(Object.prototype, 'p', {
       set(value) {
         globalThis.zodConstructions++;
         Object.defineProperty(this, 'p', { value, writable: true, enumerable: true, configurable: true });
       },
       configurable: true,
     });`,
    context,
  );
  vm.runInContext(source, context);
  return vm.runInContext('zodConstructions', context) as number;
}

/** `code` bundled as scripts/build.ts bundles src/, with the project's zod or (`subset`) its stand-in. */
function bundle(code: string, subset = false): string {
  const alias: Record<string, string> = subset ? { 'zod/mini': join(ROOT, ZOD_SUBSET) } : {};
  const result = buildSync({
    alias,
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('loading dist/Code.js', () => {
  it('counts the schemas a bundle builds at load (the probe works with this zod)', () => {
    expect(zodConstructionsWhileLoading(bundle("import * as z from 'zod/mini'; z.string();"))).toBe(1);
    const eager = bundle(
      "import * as z from 'zod/mini'; export const body = z.object({ name: z.string(), n: z.int() });",
    );
    expect(zodConstructionsWhileLoading(eager)).toBeGreaterThanOrEqual(3);
  });

  it('counts the schemas a bundle builds at load with the zod subset of Code.js', () => {
    expect(zodConstructionsWhileLoading(bundle("import * as z from 'zod/mini'; z.string();", true))).toBe(1);
    const imported = "import { enrichResultV2 } from './src/api/schemas/responses';";
    expect(
      zodConstructionsWhileLoading(bundle(`${imported} export const getter = enrichResultV2;`, true)),
    ).toBe(0);
    expect(zodConstructionsWhileLoading(bundle(`${imported} enrichResultV2();`, true))).toBeGreaterThan(3);
  });

  it('builds the schema modules’ schemas only when a getter is called', () => {
    const imported = "import { enrichResultV2 } from './src/api/schemas/responses';";
    expect(zodConstructionsWhileLoading(bundle(`${imported} export const getter = enrichResultV2;`))).toBe(0);
    expect(zodConstructionsWhileLoading(bundle(`${imported} enrichResultV2();`))).toBeGreaterThan(0);
  });

  it('builds no zod schema', () => {
    expect(zodConstructionsWhileLoading(readDist('Code.js'))).toBe(0);
  });
});
