/**
 * `npm run mutants -- [--only a,b] [--seeds 38001,38002,38003] [--cases 2000] [--seconds S]
 * [--all-seeds] [--tests <jest files> [--tests-only]] [--jobs N] [--baseline] [--label L]`
 * (or `--case '<fuzz actions JSON>'`: one sequence against each mutant; or `--replay`: each caught
 * mutant's catching case again, after a change of the engine): the fuzzer's power, measured
 * with seeded money bugs (issue 38). Each one-line mutant of scripts/mutants.json is applied to a
 * copy of the project in a temporary folder (the worktree's own files are never touched), built,
 * and the fuzzer searches it by random search alone from each fixed seed, up to `--cases` cases
 * (no shrinking: the first failing case is what counts). A mutant whose snippet is not in today's
 * source is "not applicable", never skipped in silence. `--tests` runs those jest files against the
 * mutant too, to tell which mutants the hand-written tests kill. Results are kept by mutant in
 * docs/mutants.json (a run of some mutants updates theirs) and written as a table to docs/mutants.md.
 * Not part of CI: a mutant the fuzzer misses costs 3 × 2,000 cases.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderMutantReport, type MutantResult, type SeedResult } from './lib/mutant-report';

export interface Mutant {
  id: string;
  file: string;
  /** An exact snippet of today's source, found exactly once in `file`. */
  find: string;
  replace: string;
  why: string;
}

const root = resolve(__dirname, '..');
/** Copies in use: removed when the command is stopped too (Ctrl-C, kill). */
const copies = new Set<string>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
const RESULTS = join(root, 'docs/mutants.json');
const REPORT = join(root, 'docs/mutants.md');
/** Left out of the copy: what the copy links (node_modules), rebuilds (dist) or never reads. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'coverage', '.cache', 'test/artifacts']);

/** Runs a command in `cwd`; resolves with its exit code and output (never rejects). */
function run(
  cwd: string,
  command: string,
  args: string[],
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => done({ code: code ?? 1, out, err }));
  });
}

/** A copy of the project with the mutant applied, in a folder of its own; undefined: not applicable. */
function mutatedCopy(mutant: Mutant | undefined): { dir: string } | { notApplicable: string } {
  if (mutant) {
    const source = readFileSync(join(root, mutant.file), 'utf8');
    const found = source.split(mutant.find).length - 1;
    if (found !== 1)
      return { notApplicable: found ? `snippet found ${found} times` : 'snippet not in the source' };
  }
  const dir = mkdtempSync(join(tmpdir(), `mutant-${mutant?.id ?? 'baseline'}-`));
  copies.add(dir);
  cpSync(root, dir, {
    recursive: true,
    filter: (path) => !NOT_COPIED.has(relative(root, path)),
  });
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'));
  if (mutant) {
    const target = join(dir, mutant.file);
    writeFileSync(
      target,
      readFileSync(target, 'utf8').replace(mutant.find, () => mutant.replace),
    );
  }
  return { dir };
}

interface Options {
  seeds: number[];
  cases: number;
  seconds?: number;
  allSeeds: boolean;
  tests: string[];
  steps: number;
  /** Actions left out of the search (a real bug of today's code the baseline found). */
  without?: string;
  /** Only the tests: the fuzzer's earlier result of the mutant is kept. */
  testsOnly?: boolean;
}

async function fuzzSeed(dir: string, seed: number, options: Options): Promise<SeedResult> {
  const args = ['scripts/fuzz.ts', '--runs', String(options.cases), '--seed', String(seed)];
  args.push('--steps', String(options.steps), '--no-shrink', '--swarm');
  if (options.without) args.push('--without', options.without);
  if (options.seconds) args.push('--seconds', String(options.seconds));
  const { out, err } = await run(dir, join(dir, 'node_modules/.bin/tsx'), args);
  const line = out.trim().split('\n').pop() ?? '';
  try {
    const report = JSON.parse(line) as {
      cases: number;
      msPerCase: number;
      failure?: { invariant: string; detail: string; path: string; foundAt: number };
    };
    const base = { seed, cases: report.cases, msPerCase: report.msPerCase };
    if (!report.failure) return base;
    const { invariant, detail, path, foundAt } = report.failure;
    return { ...base, invariant, detail: detail.slice(0, 300), path, foundAt };
  } catch {
    return { seed, cases: 0, msPerCase: 0, invariant: 'error', detail: err.trim().slice(-300) };
  }
}

/**
 * One fuzz sequence against a mutant, to stdout only: `--case` (a hand-written one: is it killable
 * at all?) or `--replay` (the case that caught it: does a change of the engine keep the catch?).
 */
async function caseAgainst(mutant: Mutant, fuzzArgs: string[]): Promise<string> {
  const copy = mutatedCopy(mutant);
  if ('notApplicable' in copy) return `${mutant.id}: not applicable (${copy.notApplicable})`;
  try {
    const build = await run(copy.dir, join(copy.dir, 'node_modules/.bin/tsx'), [
      'scripts/build.ts',
      '--no-budget',
    ]);
    if (build.code !== 0) return `${mutant.id}: build failed`;
    const { out } = await run(copy.dir, join(copy.dir, 'node_modules/.bin/tsx'), [
      'scripts/fuzz.ts',
      ...fuzzArgs,
    ]);
    const lines = out.trim().split('\n');
    return `${mutant.id}: ${fuzzArgs[0] === '--case' ? lines[0] : lines.at(-1)}`;
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
    copies.delete(copy.dir);
  }
}

async function check(
  mutant: Mutant | undefined,
  options: Options,
  earlier?: MutantResult,
): Promise<MutantResult> {
  const id = mutant?.id ?? 'baseline';
  const file = mutant?.file ?? '';
  const copy = mutatedCopy(mutant);
  if ('notApplicable' in copy)
    return { id, file, status: 'not applicable', detail: copy.notApplicable, seeds: [] };
  const { dir } = copy;
  try {
    const build = await run(dir, join(dir, 'node_modules/.bin/tsx'), ['scripts/build.ts', '--no-budget']);
    if (build.code !== 0)
      return {
        id,
        file,
        status: 'build failed',
        detail: (build.err || build.out).trim().slice(-300),
        seeds: [],
      };
    const seeds: SeedResult[] = options.testsOnly ? (earlier?.seeds ?? []) : [];
    for (const seed of options.testsOnly ? [] : options.seeds) {
      const result = await fuzzSeed(dir, seed, options);
      seeds.push(result);
      process.stderr.write(
        `mutants: ${id} seed ${seed}: ${result.invariant ?? 'held'} ${result.foundAt ?? result.cases}\n`,
      );
      if (result.invariant && result.invariant !== 'error' && !options.allSeeds) break;
    }
    const caught = seeds.some((seed) => seed.invariant && seed.invariant !== 'error');
    const result: MutantResult = { id, file, status: caught ? 'caught' : 'survived', seeds };
    if (options.tests.length) {
      const jest = await run(dir, join(dir, 'node_modules/.bin/jest'), ['--silent', ...options.tests]);
      const failed = /Tests:\s+(\d+) failed/.exec(jest.err)?.[1];
      result.tests = {
        paths: options.tests,
        killed: jest.code !== 0,
        ...(failed ? { failed: Number(failed) } : {}),
      };
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    copies.delete(dir);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', default: '' },
      seeds: { type: 'string', default: '38001,38002,38003' },
      cases: { type: 'string', default: '2000' },
      /** A time budget per seed (the fuzzer stops drawing after it): a survivor says how far it got. */
      seconds: { type: 'string' },
      'all-seeds': { type: 'boolean', default: false },
      tests: { type: 'string', default: '' },
      jobs: { type: 'string', default: '1' },
      steps: { type: 'string', default: '40' },
      /** The unmutated code too, by the same seeds: a failure there is a real bug, not a mutant's. */
      baseline: { type: 'boolean', default: false },
      without: { type: 'string' },
      /** One sequence (fuzz --case JSON) against each chosen mutant; prints what broke, writes nothing. */
      case: { type: 'string' },
      /**
       * Each caught mutant's catching case only (its seed and path in docs/mutants.json), against
       * today's engine; prints whether it still fails, writes nothing.
       */
      replay: { type: 'boolean', default: false },
      /** With --tests: run the tests only, keeping the fuzzer's earlier result of each mutant. */
      'tests-only': { type: 'boolean', default: false },
      /** Noted with each result: which fuzzer found it (a commit, say). */
      label: { type: 'string', default: '' },
    },
  });
  const all = JSON.parse(readFileSync(join(root, 'scripts/mutants.json'), 'utf8')) as Mutant[];
  const only = values.only.split(',').filter(Boolean);
  const unknown = only.filter((id) => !all.some((mutant) => mutant.id === id));
  if (unknown.length) throw new Error(`no such mutant: ${unknown.join(', ')}`);
  const chosen: (Mutant | undefined)[] = all.filter((mutant) => !only.length || only.includes(mutant.id));
  if (values.case) {
    for (const mutant of chosen.filter((m): m is Mutant => !!m))
      process.stdout.write(`${await caseAgainst(mutant, ['--case', values.case])}\n`);
    return;
  }
  if (values.replay) return replayCatches(chosen, values.steps, Number(values.jobs));
  if (values.baseline) chosen.unshift(undefined);
  const options: Options = {
    seeds: values.seeds.split(',').map(Number),
    cases: Number(values.cases),
    ...(values.seconds ? { seconds: Number(values.seconds) } : {}),
    allSeeds: values['all-seeds'],
    tests: values.tests.split(',').filter(Boolean),
    steps: Number(values.steps),
    ...(values.without ? { without: values.without } : {}),
    testsOnly: values['tests-only'],
  };
  const results = new Map<string, MutantResult>(
    existsSync(RESULTS)
      ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as MutantResult[]).map((result) => [result.id, result])
      : [],
  );
  const save = () => {
    // In the list's order, the baseline first; results of mutants no longer listed are dropped.
    const ids = ['baseline', ...all.map((mutant) => mutant.id)];
    const kept = ids.flatMap((id) => results.get(id) ?? []);
    writeFileSync(RESULTS, `${JSON.stringify(kept, null, 2)}\n`);
    writeFileSync(REPORT, renderMutantReport(all, kept, options));
  };
  // Boxed: the baseline is the mutant `undefined`, which a bare queue could not tell from empty.
  const queue = chosen.map((mutant) => ({ mutant }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await check(next.mutant, options, results.get(next.mutant?.id ?? 'baseline'));
      const earlier = results.get(result.id);
      results.set(result.id, {
        // A search without --tests keeps what the tests did to the mutant before.
        ...(earlier?.tests ? { tests: earlier.tests } : {}),
        ...result,
        // Tests only: when and by which fuzzer the kept search ran.
        ranAt: options.testsOnly ? (earlier?.ranAt ?? '') : new Date().toISOString(),
        ...(options.testsOnly
          ? earlier?.label
            ? { label: earlier.label }
            : {}
          : values.label
            ? { label: values.label }
            : {}),
      });
      save();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(values.jobs)) }, worker));
  const survivors = [...results.values()].filter((result) => result.status === 'survived');
  process.stdout.write(
    `${JSON.stringify({ mutants: results.size, survivors: survivors.map((r) => r.id) })}\n`,
  );
}

/** `--replay`: each caught mutant's catching case, `jobs` at a time. */
async function replayCatches(chosen: (Mutant | undefined)[], steps: string, jobs: number): Promise<void> {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as MutantResult[];
  const queue = chosen.flatMap((mutant) => {
    const hit = results.find((result) => result.id === mutant?.id)?.seeds.find((seed) => seed.path);
    return mutant && hit ? [{ mutant, hit }] : [];
  });
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { mutant, hit } = next;
      const args = ['--seed', String(hit.seed), '--path', hit.path!, '--runs', '1', '--steps', steps];
      process.stdout.write(`${await caseAgainst(mutant, [...args, '--no-shrink', '--swarm'])}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `mutants: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
