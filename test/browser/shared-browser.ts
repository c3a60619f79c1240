/**
 * One Chromium for every browser test file, and one playground (`npm start`'s code, with its
 * emulator) per jest worker: started once by the browser project's globalSetup and stopped by its
 * globalTeardown (jest.config.js). Each file used to launch its own Chromium and playground, which
 * cost more than a second of start-up and teardown per file, twice over on two busy cores. A file
 * connects to the Chromium (each test still has its own page, in its own context) and takes its
 * worker's playground, reset to a fresh emulator and spreadsheet first (usePlaygroundPage).
 *
 * Jest starts its workers after globalSetup, so the addresses reach them as environment variables;
 * a worker knows its number from JEST_WORKER_ID (1 to maxWorkers, 1 when jest runs in band).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { findBrowser } from '../../scripts/lib/browser-path';
import { nodeBundle } from '../../scripts/lib/node-bundle';

const ROOT = resolve(__dirname, '../..');
/** Where the workers find the shared Chromium (a playwright browser server's ws:// address). */
const BROWSER_ENDPOINT = 'SHEET_ENRICH_TEST_BROWSER';
/** The playgrounds' addresses, space-separated, the first for worker 1. */
const PLAYGROUNDS = 'SHEET_ENRICH_TEST_PLAYGROUNDS';

/**
 * The local Chrome or Chromium (scripts/lib/browser-path.ts: SHEET_ENRICH_CHROMIUM or CHROME_PATH,
 * else the usual install paths of this OS; the fail-fast test points at nothing).
 */
const BROWSER = findBrowser({
  platform: process.platform,
  env: process.env,
  home: homedir(),
  exists: existsSync,
});

/** Checked before anything is started, so a machine without Chromium fails in a second, leaving nothing behind. */
export function assertChromium(): string {
  if (!BROWSER.found) throw new Error(BROWSER.message);
  return BROWSER.path;
}

interface Started {
  stop(): Promise<void>;
}

/**
 * Starts the Chromium and `workers` playgrounds side by side, publishes their addresses, and
 * returns what stops them all. If one fails to start, those that did are stopped before it throws.
 */
export async function startShared(workers: number): Promise<() => Promise<void>> {
  const executablePath = assertChromium();
  const browser = chromium.launchServer({ executablePath, args: CHROMIUM_ARGS }).then((server) => ({
    endpoint: server.wsEndpoint(),
    stop: () => server.close(),
  }));
  const playgrounds = Array.from({ length: Math.max(1, workers) }, () => startPlayground());
  const results = await Promise.allSettled([browser, ...playgrounds]);
  const stopAll = async (): Promise<void> => {
    await Promise.all(
      results.flatMap((result) => (result.status === 'fulfilled' ? [(result.value as Started).stop()] : [])),
    );
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [launched, ...running] = results.map((result) => (result as PromiseFulfilledResult<unknown>).value);
  process.env[BROWSER_ENDPOINT] = (launched as { endpoint: string }).endpoint;
  process.env[PLAYGROUNDS] = (running as { url: string }[]).map((playground) => playground.url).join(' ');
  return stopAll;
}

/** This worker's share: the Chromium to connect to and its own playground's address. */
export function sharedForThisWorker(): { browserEndpoint: string; playgroundUrl: string } {
  const browserEndpoint = process.env[BROWSER_ENDPOINT];
  const urls = process.env[PLAYGROUNDS]?.split(' ') ?? [];
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const playgroundUrl = urls[worker - 1];
  if (!browserEndpoint || !playgroundUrl)
    throw new Error(
      `No shared Chromium or playground for jest worker ${worker}: run the browser tests through ` +
        "jest.config.js's browser project (its globalSetup, test/browser/global-setup.ts, starts them).",
    );
  return { browserEndpoint, playgroundUrl };
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const READY_LINE = /playground: (http\S+)/;

/**
 * A company only its own industry finds, whose description is longer than a cell holds (flows-10-20.test.ts:
 * a search page with a long value still lands). No other search of the browser tests meets it.
 */
export const WORDY_COMPANY = {
  name: 'Wordy Works',
  domain: 'wordy-works.example',
  industry: 'Zymurgy Research',
  description: 'word '.repeat(12_000),
};

/**
 * `npm start` without the build (the tests run on the dist/ that `npm test` just built), in a child
 * process that also ends when this process does (stdin closes).
 */
async function startPlayground(): Promise<Started & { url: string }> {
  for (const file of ['dist/Code.js', 'dist/Sidebar.html']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
  // `npm start`'s code from a bundle (scripts/lib/node-bundle.ts), without tsx's start in the child.
  const bundle = await nodeBundle('dev/playground/cli.ts');
  // The playground may read its data again (a reset): the folder goes when it exits, however it does.
  const folder = mkdtempSync(join(tmpdir(), 'sheet-enrich-browser-data-'));
  const data = join(folder, 'data.json');
  writeFileSync(data, JSON.stringify({ companies: [WORDY_COMPANY] }));
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', bundle, '--port', '0', '--exit-with-stdin', '--data', data],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  child.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`The playground did not start in time.\n${output}`));
    }, 30_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output = (output + line + '\n').slice(-4000);
      const match = READY_LINE.exec(line);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.resume();
      resolvePromise(match[1]!);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The playground exited with code ${code}.\n${output}`));
    });
  });
  return { url, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise));
  child.kill('SIGTERM');
  await exited;
}
