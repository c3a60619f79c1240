/**
 * spawnEmulator: the emulator in a child process. Needed by anything that blocks its own thread on
 * HTTP (the local Apps Script runtime's UrlFetchApp waits with Atomics.wait): a server on that same
 * thread could never answer.
 */
import { spawn } from 'node:child_process';
import { nodeBundle } from '../../scripts/lib/node-bundle';
import type { Socket } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { adminClient, type AdminClient } from './admin-client';
import { workspaceFlag } from './keyring';
import type { EmulatorOptions } from './options';
import type { WorldSize } from './world';

/** The emulator's own options that travel as CLI flags to the child (host: the port is always free). */
export interface SpawnOptions extends Pick<
  EmulatorOptions,
  'keys' | 'workspaces' | 'credits' | 'jobMs' | 'rateLimit' | 'seed' | 'minuteMs' | 'host'
> {
  /** A fault spec, e.g. `5xx=0.1,latency=20-50` (a flag, so a string). */
  faults?: string;
  /** A JSON file of extra people and companies (README). */
  dataFile?: string;
  worldSize?: WorldSize;
  /** The emulator's clock stands at this epoch ms (after each reset too), moved only by `admin.advanceClock`. */
  clockAt?: number;
  /** How long to wait for the ready line. Default 20 s. */
  startTimeoutMs?: number;
}

export interface SpawnedEmulator {
  baseUrl: string;
  apiKey: string;
  pid: number;
  stop(): Promise<void>;
  /** Whether the child is still running (it may have crashed since). */
  running(): boolean;
  /**
   * Lets this process end while the child runs (nothing of it holds the event loop): it lives
   * on until stop(), or until this process ends and closes its stdin.
   */
  detach(): void;
  admin: AdminClient;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const READY_LINE = /^Emulator ready at (\S+) key=(\S*)/;

function flags(options: SpawnOptions): string[] {
  const pairs: [string, string | number | undefined][] = [
    ['--host', options.host],
    ['--credits', options.credits],
    ['--job-ms', options.jobMs],
    ['--rate-limit', options.rateLimit],
    ['--seed', options.seed],
    ['--minute-ms', options.minuteMs],
    ['--faults', options.faults],
    ['--data', options.dataFile],
    ['--companies', options.worldSize?.companies],
    ['--people', options.worldSize?.people],
    ['--clock-at', options.clockAt],
    ...(options.keys ?? []).map((key): [string, string] => ['--key', key]),
    ...Object.entries(options.workspaces ?? {}).map(([id, keys]): [string, string] => [
      '--workspace',
      workspaceFlag(id, keys),
    ]),
  ];
  return pairs.flatMap(([flag, value]) => (value === undefined ? [] : [flag, String(value)]));
}

export async function spawnEmulator(options: SpawnOptions = {}): Promise<SpawnedEmulator> {
  const cli = await nodeBundle(path.relative(REPO_ROOT, path.join(__dirname, 'cli.ts')));
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', cli, '--port', '0', '--exit-with-stdin', ...flags(options)],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const ready = await new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('the emulator did not start in time')),
      options.startTimeoutMs ?? 20_000,
    );
    const lines = createInterface({ input: child.stdout });
    function fail(error: Error) {
      clearTimeout(timer);
      lines.close();
      void stop();
      reject(new Error(`${error.message}\n${stderr}`));
    }
    lines.on('line', (line) => {
      const match = READY_LINE.exec(line);
      if (!match) return;
      clearTimeout(timer);
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout.resume();
      resolve({ baseUrl: match[1] as string, apiKey: match[2] as string });
    });
    child.once('exit', (code) => fail(new Error(`the emulator exited with code ${code}`)));
  });

  const detach = () => {
    child.unref();
    // The pipes to a child are sockets (node's child_process docs): unref'd, they hold no loop either.
    for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as Socket).unref();
  };
  return { ...ready, pid: child.pid ?? 0, stop, running, detach, admin: adminClient(ready.baseUrl) };
}
