/**
 * `npm run size`: where the bytes of dist/Code.js's bundle go, from esbuild's metafile (the build's
 * own options): bytes per folder of src/ and for zod, then per module of the folders named as
 * arguments (default: src/api). `npm run size -- src/api src/engine`.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { codeBuildOptions, exportNamesOf } from './lib/code-options';
import { readEntryPoints } from './lib/entry-points';

const root = resolve(__dirname, '..');

/** src/api/schemas/responses.ts → src/api; node_modules/zod/… → zod. */
function groupOf(path: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : path;
}

async function main(): Promise<void> {
  const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['src/api'];
  const names = exportNamesOf(readEntryPoints(resolve(root, 'src/index.ts')));
  const options = codeBuildOptions(root, names);
  const result = await build({ ...options, metafile: true, absWorkingDir: root });
  const output = Object.values(result.metafile.outputs)[0]!;
  const modules = Object.entries(output.inputs).map(([path, input]) => ({
    path,
    bytes: input.bytesInOutput,
  }));
  const groups = new Map<string, number>();
  for (const { path, bytes } of modules) groups.set(groupOf(path), (groups.get(groupOf(path)) ?? 0) + bytes);
  const line = (name: string, bytes: number) => console.log(`${String(bytes).padStart(8)}  ${name}`);
  line('bundle (without the entry-point stubs), which the bytes below add up to', output.bytes);
  for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1])) line(name, bytes);
  for (const folder of folders) {
    console.log(`\n${folder}:`);
    modules
      .filter((module) => module.path.startsWith(`${folder}/`) || groupOf(module.path) === folder)
      .sort((a, b) => b.bytes - a.bytes)
      .forEach((module) => line(module.path, module.bytes));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
