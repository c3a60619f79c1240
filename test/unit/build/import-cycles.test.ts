/**
 * No import circle in src/ (issue 31 found four, `*-rpc.ts` ↔ `*-service.ts`), nor in dev/, scripts/
 * and sidebar/ (issue 40 found three): the layer rule
 * (eslint.config.mjs) keeps imports running down between folders, and this keeps them from looping
 * inside one. Type-only imports count too: a circle of types is still two files that each need the
 * other to be read. Imports are read with TypeScript's own pre-processor, so `export … from` counts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files of src/ that `file` imports (relative specifiers only: packages are no part of a circle). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')].filter((path) => existsSync(path)).slice(0, 1));
}

/** The strongly connected groups of more than one file (Tarjan), or of a file importing itself. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('imports of src/, dev/, scripts/ and sidebar/', () => {
  it('the circle finder finds a circle of two and one of three, and none in a line', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c', 'f']],
      ['f', []],
    ]);
    expect(circlesOf(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
        ]),
      ),
    ).toEqual([]);
  });

  it('run in no circle, nor do those of dev/, scripts/ and sidebar/', () => {
    const files = ['src', 'dev', 'scripts', 'sidebar'].flatMap((folder) => sourcesUnder(join(root, folder)));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    // Read at all: the composition root imports the features, which import the engine.
    expect(graph.get(join(root, 'src/app/context.ts'))?.length).toBeGreaterThan(3);
    const circles = circlesOf(graph).map((group) => group.map((file) => relative(root, file)));
    // The one circle kept: the fake of Apps Script's own circular API (Range.getSheet() gives the
    // Sheet whose getRange() gives the Range; a text finder's ranges; a sheet's parent spreadsheet;
    // a sheet's embedded charts, whose getRanges() give Ranges; a sheet's protections, of that sheet).
    const apiMirror = ['chart', 'protection', 'range', 'sheet', 'spreadsheet', 'text-finder'].map(
      (name) => `dev/gas/spreadsheet/${name}.ts`,
    );
    expect(circles).toEqual([apiMirror]);
  });
});
