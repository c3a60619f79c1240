/**
 * `npm run bench -- --cli N [N…]`: `npm run enrich` itself, in a child process under
 * /usr/bin/time (whose peak is that of the largest process of the tree), on an N-row CSV against a
 * spawned emulator with 1.5 s jobs and its rate limit off (`--rate-limit 60`: the emulator's default,
 * the real API's 60 requests a minute, where rows a minute are measured against the 3,000 bound).
 * One JSON line per size on stdout: wall time, peak memory (the CLI's maximum resident set),
 * requests per job, credits; with two sizes, their time ratio. The CSV is written by another child,
 * so its generation weighs on neither figure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnEmulator } from '../../dev/emulator/spawn';

const ROOT = resolve(__dirname, '../..');
const SETTINGS = { jobMs: 1_500, rateLimit: 0, credits: 1_000_000_000, seed: 7 };

function run(args: string[]): { stdout: string; stderr: string; status: number } {
  const child = spawnSync(args[0]!, args.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { stdout: child.stdout, stderr: child.stderr, status: child.status ?? 1 };
}

export interface CliBenchLine {
  rows: number;
  wall_s: number;
  peak_mb: number;
  jobs: number;
  urlfetch_calls: number;
  requests_per_job: number;
  /** What the emulator answered, per job: every request of the run, 429s included. */
  api_requests_per_job: number;
  /** Requests the emulator's rate limit refused (429). */
  refused_429: number;
  credits: number;
  exit_code: number;
  /** Rows a minute, with a rate limit on: against 3,000 a minute (60 requests, two a job). */
  rows_per_minute?: number;
  rows_per_minute_bound?: number;
}

async function benchOne(rows: number, settings: typeof SETTINGS): Promise<CliBenchLine> {
  const folder = mkdtempSync(join(tmpdir(), 'cli-bench-'));
  const file = join(folder, `contacts-${rows}.csv`);
  const made = run([
    process.execPath,
    '--import',
    'tsx',
    join(ROOT, 'scripts/lib/cli-bench-data.ts'),
    String(rows),
    file,
  ]);
  if (made.status !== 0) throw new Error(`cannot write the CSV: ${made.stderr}`);
  const emulator = await spawnEmulator(settings);
  try {
    // `npm run enrich` itself, with the flags package.json gives node (its heap limit among them).
    const cli = ['npm', 'run', '--silent', 'enrich', '--', file];
    const flags = ['--api-url', emulator.baseUrl];
    const started = Date.now();
    const result = spawnSync('/usr/bin/time', ['-f', 'PEAK_KB=%M', ...cli, ...flags], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, SHEET_ENRICH_API_KEY: emulator.apiKey },
    });
    const wall = (Date.now() - started) / 1000;
    const peakKb = Number(/PEAK_KB=(\d+)/.exec(result.stderr)?.[1] ?? 0);
    // plural() writes thousands with separators ("2,010 calls").
    const urlfetch = Number((/UrlFetch: +([\d,]+)/.exec(result.stdout)?.[1] ?? '0').replace(/,/g, ''));
    if (result.status !== 0) process.stderr.write(`${result.stdout}\n${result.stderr.slice(-2000)}\n`);
    const stats = await emulator.admin.stats();
    return {
      rows,
      wall_s: Math.round(wall * 10) / 10,
      peak_mb: Math.round(peakKb / 1024),
      jobs: stats.jobs.total,
      urlfetch_calls: urlfetch,
      requests_per_job: Math.round((urlfetch / Math.max(1, stats.jobs.total)) * 100) / 100,
      api_requests_per_job: Math.round((stats.total_requests / Math.max(1, stats.jobs.total)) * 100) / 100,
      refused_429: Object.values(stats.requests).reduce((n, byStatus) => n + (byStatus['429'] ?? 0), 0),
      credits: stats.credits_spent,
      exit_code: result.status ?? 1,
      ...(settings.rateLimit > 0
        ? {
            rows_per_minute: Math.round(rows / (wall / 60)),
            // Two requests a job at best (its start and one poll), 100 contacts a job.
            rows_per_minute_bound: (settings.rateLimit / 2) * 100,
          }
        : {}),
    };
  } finally {
    await emulator.stop();
  }
}

export async function cliBench(sizes: number[], rateLimit = SETTINGS.rateLimit): Promise<void> {
  const settings = { ...SETTINGS, rateLimit };
  process.stderr.write(`bench --cli: ${sizes.join(', ')} rows, emulator ${JSON.stringify(settings)}\n`);
  const lines: CliBenchLine[] = [];
  for (const rows of sizes) {
    const line = await benchOne(rows, settings);
    lines.push(line);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  if (lines.length === 2) {
    const [small, large] = lines as [CliBenchLine, CliBenchLine];
    const ratio = Math.round((large.wall_s / small.wall_s) * 100) / 100;
    process.stdout.write(`${JSON.stringify({ rows_ratio: large.rows / small.rows, time_ratio: ratio })}\n`);
  }
}
