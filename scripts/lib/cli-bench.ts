/**
 * `npm run bench -- --cli N [N…]`: `npm run enrich` itself, in a child process under
 * /usr/bin/time (whose peak is that of the largest process of the tree), on an N-row CSV against a
 * spawned emulator with 1.5 s jobs and its rate limit off (`--rate-limit 60`: the emulator's default,
 * the real API's 60 requests a minute, where rows a minute are measured against the 3,000 bound).
 * One JSON line per size on stdout: wall time, peak memory (the CLI's maximum resident set),
 * requests per job, credits; with two sizes, their time ratio. The CSV is written by another child,
 * so its generation weighs on neither figure.
 *
 * `--kill`: the first command is killed (SIGKILL, its whole process tree) at a random moment (after
 * a random number of job starts), then
 * the same command runs again to its end: the line adds when the kill came, how many rows of the
 * output hold a final answer, and how many people the emulator charged twice (issue 32: paid once
 * across kills, at full size). Lost starts the rerun names (a kill inside a start's round trip) are
 * imported by id in a third command, as the rerun tells the user. Wall time and peak memory are
 * the rerun's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync } from 'node:fs';
import { parse } from 'csv-parse';
import { STATUS } from '../../src/domain/statuses';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnEmulator } from '../../dev/emulator/spawn';

const ROOT = resolve(__dirname, '../..');
const SETTINGS = { jobMs: 1_500, rateLimit: 0, credits: 1_000_000_000, seed: 7 };

function run(args: string[]): { stdout: string; stderr: string; status: number } {
  const child = spawnSync(args[0]!, args.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { stdout: child.stdout, stderr: child.stderr, status: child.status ?? 1 };
}

/** Runs a command to its end, its output collected, without blocking this process's event loop. */
function runToEnd(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string; status: number | null }> {
  return new Promise((done) => {
    const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('close', (status) =>
      done({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), status }),
    );
  });
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
  /** With --kill: seconds after its start that the first command was killed. */
  killed_at_s?: number;
  /** With --kill: lost starts the rerun named, imported by id in a third command. */
  jobs_imported?: number;
  import_exit_code?: number | null;
  /** With --kill: output rows whose Status is an answer ("found", "not found"), at the end. */
  rows_answered?: number;
  /** With --kill: the other rows, by Status (a kill inside a start's round trip holds its contacts). */
  rows_otherwise?: Record<string, number>;
  charged_twice?: number;
}

/**
 * Starts the command in its own process group and SIGKILLs the group once the emulator has seen
 * `jobs` job starts (or returns when it ended first): npm, tsx and node all die at once, as with a
 * closed terminal. The moment is drawn in jobs, not seconds, so it falls mid-run on any machine.
 */
function killMidRun(
  args: string[],
  env: NodeJS.ProcessEnv,
  emulator: Awaited<ReturnType<typeof spawnEmulator>>,
  jobs: number,
): Promise<number> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env, detached: true, stdio: 'ignore' });
    let ended = false;
    const watch = async () => {
      while (!ended && (await emulator.admin.stats()).jobs.total < jobs)
        await new Promise((wait) => setTimeout(wait, 100));
      // Then up to one job's time more: the moment falls anywhere between requests, not on a start.
      await new Promise((wait) => setTimeout(wait, Math.random() * SETTINGS.jobMs));
      if (!ended) process.kill(-child.pid!, 'SIGKILL');
    };
    void watch();
    child.on('exit', () => {
      ended = true;
      const at = (Date.now() - started) / 1000;
      // npm goes first; the node process holding the state's lock a moment later. A rerun before
      // that would rightly find the lock held.
      const gone = () => {
        try {
          process.kill(-child.pid!, 0);
          setTimeout(gone, 50);
        } catch {
          done(at);
        }
      };
      gone();
    });
  });
}

/** A job the run says may have been started although its start's answer was lost, by name. */
const LOST_JOB = /"([^"\n]+ › [^"\n]+)"/g;

/** Rows of the enriched CSV whose Status holds an answer, and how many say something else, by what. */
async function answeredRows(file: string): Promise<{ answered: number; others: Record<string, number> }> {
  const answers = new Set<string>(
    [STATUS.found, STATUS.notFound].flatMap((status) => [status, STATUS.saved(status)]),
  );
  let status = -1;
  let answered = 0;
  const others: Record<string, number> = {};
  const records = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }));
  for await (const record of records as AsyncIterable<string[]>) {
    if (status === -1) status = record.indexOf('Status');
    else if (answers.has(record[status] ?? '')) answered++;
    else others[record[status] ?? ''] = (others[record[status] ?? ''] ?? 0) + 1;
  }
  return { answered, others };
}

async function benchOne(rows: number, settings: typeof SETTINGS, kill = false): Promise<CliBenchLine> {
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
    const env = { ...process.env, SHEET_ENRICH_API_KEY: emulator.apiKey };
    let killedAt: number | undefined;
    if (kill) {
      // After any number of job starts from the first to nine in ten of them.
      const jobs = Math.ceil(rows / 100);
      const after = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(jobs * 0.9)));
      killedAt = Math.round((await killMidRun([...cli, ...flags], env, emulator, after)) * 10) / 10;
      process.stderr.write(
        `bench --cli: killed after ${killedAt} s (${after} of ${jobs} jobs started), running it again\n`,
      );
    }
    const started = Date.now();
    // Not spawnSync: this process must keep draining the emulator's pipes (spawn.ts) meanwhile, or
    // an emulator with something to say (a killed command's dropped connections) blocks on them.
    const result = await runToEnd(['/usr/bin/time', '-f', 'PEAK_KB=%M', ...cli, ...flags], env);
    const wall = (Date.now() - started) / 1000;
    const peakKb = Number(/PEAK_KB=(\d+)/.exec(result.stderr)?.[1] ?? 0);
    // plural() writes thousands with separators ("2,010 calls").
    const urlfetch = Number((/UrlFetch: +([\d,]+)/.exec(result.stdout)?.[1] ?? '0').replace(/,/g, ''));
    if (result.status !== 0) process.stderr.write(`${result.stdout}\n${result.stderr.slice(-2000)}\n`);
    // A kill inside a start batch's round trip leaves lost starts: the rerun names their jobs, and
    // the user imports them by id as it says (enrich-cli-resume.test.ts does the same).
    let imported = 0;
    let importExit: number | null | undefined;
    if (kill) {
      const named = new Set([...(result.stdout + result.stderr).matchAll(LOST_JOB)].map((m) => m[1]!));
      const ids = (await emulator.admin.jobs()).filter((job) => named.has(job.name)).map((job) => job.id);
      if (ids.length) {
        const imports = ids.flatMap((id) => ['--import-job', id]);
        const last = await runToEnd([...cli, ...flags, ...imports], env);
        if (last.status !== 0) process.stderr.write(`${last.stdout}\n${last.stderr.slice(-2000)}\n`);
        imported = ids.length;
        importExit = last.status;
      }
    }
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
      ...(killedAt === undefined
        ? {}
        : {
            killed_at_s: killedAt,
            jobs_imported: imported,
            jobs_recovered: Number(
              /Recovered: +([\d,]+) job/.exec(result.stdout)?.[1]?.replace(/,/g, '') ?? 0,
            ),
            ...(importExit === undefined ? {} : { import_exit_code: importExit }),
            ...(await answeredRows(file.replace(/\.csv$/, '.enriched.csv')).then(({ answered, others }) => ({
              rows_answered: answered,
              rows_otherwise: others,
            }))),
            charged_twice: stats.charges.charged_twice,
          }),
    };
  } finally {
    await emulator.stop();
  }
}

export async function cliBench(sizes: number[], rateLimit = SETTINGS.rateLimit, kill = false): Promise<void> {
  const settings = { ...SETTINGS, rateLimit };
  process.stderr.write(`bench --cli: ${sizes.join(', ')} rows, emulator ${JSON.stringify(settings)}\n`);
  const lines: CliBenchLine[] = [];
  for (const rows of sizes) {
    const line = await benchOne(rows, settings, kill);
    lines.push(line);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  if (lines.length === 2) {
    const [small, large] = lines as [CliBenchLine, CliBenchLine];
    const ratio = Math.round((large.wall_s / small.wall_s) * 100) / 100;
    process.stdout.write(`${JSON.stringify({ rows_ratio: large.rows / small.rows, time_ratio: ratio })}\n`);
  }
}
