/**
 * A TypeScript entry point of the repository (a script, a dev server) as one CommonJS file that plain
 * node runs: what the tests start in child processes instead of `node --import tsx <file>.ts`, which
 * pays tsx's loader start and an on-the-fly compile of every imported module in every child.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(__dirname, '../..');
const ARTIFACTS = join(ROOT, 'test/artifacts');
const bundles = new Map<string, Promise<string>>();

/**
 * The bundle of `entry` (a path from the repository root), built once per test file with esbuild
 * (the build's own compiler, tens of milliseconds). Packages stay outside, loaded from node_modules
 * as under tsx. Each module's `__dirname` is replaced by its own folder, so what it finds beside
 * itself (dist/, the emulator's CLI, the UrlFetch worker, the playground's page) is what tsx finds.
 */
export function nodeBundle(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleOnce(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function bundleOnce(entry: string): Promise<string> {
  // Inside the repository (test/artifacts/ is git-ignored), so that packages resolve from its node_modules.
  const folder = join(ARTIFACTS, 'bundles');
  mkdirSync(folder, { recursive: true });
  const outfile = join(folder, `${entry.replace(/\W/g, '-')}.cjs`);
  const { outputFiles } = await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'error',
    plugins: [ownDirname],
  });
  // One file per entry, rewritten by each test file that needs it; written aside and renamed in,
  // so that a child another jest worker starts meanwhile reads a whole bundle (the same code).
  const aside = `${outfile}.${process.pid}`;
  writeFileSync(aside, outputFiles[0]!.contents);
  renameSync(aside, outfile);
  return outfile;
}

const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/\b__dirname\b/g, JSON.stringify(dirname(args.path))),
      loader: 'ts',
    }));
  },
};
