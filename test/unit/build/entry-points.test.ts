import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEntryPoints, renderStub } from '../../../scripts/lib/entry-points';
import { tempDir } from '../../support/temp-dir';

function entriesOf(files: Record<string, string>) {
  const dir = tempDir('entry-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return readEntryPoints(join(dir, 'index.ts'));
}

describe('entry points of src/index.ts', () => {
  it('follows re-exports to the declaration and keeps its JSDoc and parameter names', () => {
    const entries = entriesOf({
      'index.ts': "export { ENRICH_EMAIL } from './functions';\nexport function onOpen(): void {}\n",
      'functions.ts':
        '/**\n * Work email of a person.\n * @param {string} first First name\n * @return The email\n * @customfunction\n */\nexport function ENRICH_EMAIL(first: string, last: string): string { return first + last; }\n',
    });
    expect(entries.map((e) => e.name).sort()).toEqual(['ENRICH_EMAIL', 'onOpen']);
    const enrich = entries.find((e) => e.name === 'ENRICH_EMAIL')!;
    expect(enrich.params).toEqual(['first', 'last']);
    expect(enrich.jsdoc).toContain('@customfunction');
    const stub = renderStub(enrich, 'Bundle');
    expect(stub).toMatch(/@customfunction[\s\S]*\*\/\nfunction ENRICH_EMAIL\(first,last\)\{/);
    expect(stub).toContain('return Bundle.ENRICH_EMAIL(first,last)}');
  });

  it('drops the JSDoc of an entry point that is not a custom function', () => {
    const [entry] = entriesOf({
      'index.ts': '/** Opens the sidebar. */\nexport function showSidebar(): void {}\n',
    });
    expect(entry!.jsdoc).toContain('Opens the sidebar');
    expect(renderStub(entry!, 'B')).toBe('function showSidebar(){return B.showSidebar()}\n');
  });

  it('forwards rest parameters with apply', () => {
    const [entry] = entriesOf({
      'index.ts': 'export function SUM_ALL(...values: number[]): number { return values.length; }\n',
    });
    expect(renderStub(entry!, 'B')).toContain('B.SUM_ALL.apply(null,arguments)');
  });

  it('writes the shorter forwarding, one-letter parameters outside custom functions', () => {
    const entries = entriesOf({
      'index.ts': [
        'export function rpc(name: string, input: unknown): unknown { return [name, input]; }',
        '/** @customfunction */',
        'export function LONG(first_name: unknown, last_name: unknown, company: unknown): unknown { return 1; }',
        '',
      ].join('\n'),
    });
    const [rpc, long] = entries.map((entry) => renderStub(entry, 'B'));
    expect(rpc).toBe('function rpc(a,b){return B.rpc(a,b)}\n');
    expect(long).toContain(
      'function LONG(first_name,last_name,company){return B.LONG.apply(null,arguments)}',
    );
  });

  it('refuses an export that is not a function declaration', () => {
    expect(() => entriesOf({ 'index.ts': 'export const notAFunction = 1;\n' })).toThrow(
      /not a function declaration/,
    );
    expect(() => entriesOf({ 'index.ts': 'export const calls = { a: () => 1 };\n' })).toThrow(
      /not a function declaration/,
    );
    expect(() => entriesOf({ 'index.ts': 'export class Thing {}\n' })).toThrow(/not a function declaration/);
    expect(() =>
      entriesOf({
        'index.ts': "export { thing } from './thing';\n",
        'thing.ts': 'export const thing = 1;\n',
      }),
    ).toThrow(/not a function declaration/);
  });

  it('follows a chain of re-exports and a renaming', () => {
    const entries = entriesOf({
      'index.ts': "export { call as rpc } from './app';\n",
      'app.ts': "export { call } from './calls';\n",
      'calls.ts': 'export function call(name: string, input?: unknown): unknown { return [name, input]; }\n',
    });
    expect(entries.map((e) => [e.name, e.params])).toEqual([['rpc', ['name', 'input']]]);
    expect(renderStub(entries[0]!, 'B')).toBe('function rpc(a,b){return B.rpc(a,b)}\n');
  });
});
