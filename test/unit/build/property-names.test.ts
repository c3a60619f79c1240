/**
 * Code.js shortens the property names nothing outside it sees (scripts/lib/property-names.ts). A
 * small program of each kind of name is bundled the way the build bundles src/ and run: what it
 * stores, sends or shows must carry the names as written, and only the rest may be shortened.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import { propertyRenaming, type PropertyRenaming } from '../../../scripts/lib/property-names';

const root = resolve(__dirname, '../../..');

const SOURCE = `
import * as z from 'zod/mini';
import * as helpers from './helpers';

interface Internal { internalCounter: number; internalLabel: string }
interface Persisted { persistedName: string; nested: { deepName: number } }
export interface Server { getView(input: { inputName: string }): { viewName: string; viewRows: { cellName: string }[] } }

const recordShape = z.object({ storedKey: z.string() });

function save<T>(value: T): string { return JSON.stringify(value); }
const TABLE = { tableKeyOne: 1, tableKeyTwo: 2 };

export function run(): Record<string, unknown> {
  const internal: Internal = { internalCounter: 2, internalLabel: 'x' };
  const persisted: Persisted = { persistedName: 'p', nested: { deepName: 1 } };
  const headers: Record<string, string> = { Authorization: 'Bearer k' };
  const looked = { byString: 5 } as Record<string, number>;
  const server: Server = { getView: (input) => ({ viewName: input.inputName, viewRows: [{ cellName: 'c' }] }) };
  return {
    internal: internal.internalCounter + internal.internalLabel.length,
    saved: save(persisted),
    keys: Object.keys(TABLE).join(','),
    headers: JSON.stringify(headers),
    viaString: looked['byString'],
    record: recordShape.parse({ storedKey: 'k' }).storedKey,
    helper: helpers.helperName(),
    view: server.getView({ inputName: 'in' }),
  };
}
`;

let dir: string;
let renaming: PropertyRenaming;
let bundle: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'property-names-'));
  writeFileSync(join(dir, 'main.ts'), SOURCE);
  writeFileSync(join(dir, 'helpers.ts'), 'export const helperName = (): string => "h";\n');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2020',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022'],
        types: [],
        baseUrl: root,
        paths: { 'zod/mini': [join(root, 'node_modules/zod/mini')] },
      },
      include: ['.'],
    }),
  );
  renaming = propertyRenaming({
    tsconfig: join(dir, 'tsconfig.json'),
    boundaryType: { file: join(dir, 'main.ts'), name: 'Server' },
  });
  bundle = buildSync({
    entryPoints: [join(dir, 'main.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'program',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    nodePaths: [join(root, 'node_modules')],
    write: false,
    minify: true,
    mangleProps: renaming.mangleProps,
    mangleCache: renaming.mangleCache,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (): Record<string, unknown> => {
  const context = vm.createContext({});
  vm.runInContext(`${bundle};globalThis.result = program.run();`, context);
  return vm.runInContext('result', context) as Record<string, unknown>;
};

describe('property names in Code.js', () => {
  it('shortens names only the bundle uses, and the program still works', () => {
    expect(Object.keys(renaming.mangleCache)).toEqual(
      expect.arrayContaining(['internalCounter', 'internalLabel']),
    );
    expect(bundle).not.toContain('internalCounter');
    expect(run().internal).toBe(3);
  });

  it('keeps every name of what is turned into text, through a generic helper, nested ones included', () => {
    expect(JSON.parse(run().saved as string)).toEqual({ persistedName: 'p', nested: { deepName: 1 } });
  });

  it('keeps the keys of a table whose keys are read as text, and of a Record', () => {
    const result = run();
    expect(result.keys).toBe('tableKeyOne,tableKeyTwo');
    expect(JSON.parse(result.headers as string)).toEqual({ Authorization: 'Bearer k' });
    expect(result.viaString).toBe(5);
  });

  it('keeps zod shape keys, namespace members and what the boundary type takes and returns', () => {
    const result = run();
    expect(result.record).toBe('k');
    expect(result.helper).toBe('h');
    expect(result.view).toEqual({ viewName: 'in', viewRows: [{ cellName: 'c' }] });
    for (const name of ['storedKey', 'inputName', 'viewName', 'viewRows', 'cellName', 'getView']) {
      expect(renaming.kept.has(name)).toBe(true);
    }
  });

  it('keeps the names of JavaScript’s own objects', () => {
    for (const name of ['length', 'map', 'join', 'parse', 'stringify']) {
      expect(renaming.mangleCache[name]).toBeUndefined();
    }
  });

  it('gives short names no string of the program spells, each once', () => {
    const short = Object.values(renaming.mangleCache);
    expect(new Set(short).size).toBe(short.length);
    for (const name of short) {
      expect(name).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(['x', 'p', 'c', 'h', 'k', 'in', 'Bearer']).not.toContain(name);
    }
  });
});
