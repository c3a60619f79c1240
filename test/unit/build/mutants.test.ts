/**
 * The mutation check's list and report (scripts/mutants.ts, issue 38): at least 20 one-line money
 * mutants over the files that decide what is sent, what closes a job and what a cap counts, and a
 * report that never drops a mutant in silence (not applicable, not run, survived all say so).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderMutantReport, type MutantResult } from '../../../scripts/lib/mutant-report';

const root = path.resolve(__dirname, '../../..');
interface Mutant {
  id: string;
  file: string;
  find: string;
  replace: string;
  why: string;
}
const mutants = JSON.parse(readFileSync(path.join(root, 'scripts/mutants.json'), 'utf8')) as Mutant[];

describe('the seeded money mutants', () => {
  it('are at least 20, each a real change of a file of the money code, named once', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(20);
    expect(new Set(mutants.map((mutant) => mutant.id)).size).toBe(mutants.length);
    for (const mutant of mutants) {
      expect(existsSync(path.join(root, mutant.file))).toBe(true);
      expect(mutant.find).not.toBe(mutant.replace);
      expect(mutant.why.length).toBeGreaterThan(10);
    }
  });

  it("apply to today's source: each snippet occurs once in its file (a stale one measures nothing)", () => {
    const stale = mutants.filter(
      (mutant) => readFileSync(path.join(root, mutant.file), 'utf8').split(mutant.find).length !== 2,
    );
    expect(stale.map((mutant) => mutant.id)).toEqual([]);
  });

  it('cover what is sent, what closes a job and what a cap counts', () => {
    const files = new Set(mutants.map((mutant) => mutant.file));
    for (const file of [
      'src/engine/paid-once.ts',
      'src/engine/plan.ts',
      'src/engine/job-starter.ts',
      'src/engine/recovery.ts',
      'src/engine/poll.ts',
      'src/engine/apply.ts',
      'src/engine/run-end.ts',
      'src/engine/rehome.ts',
      'src/store/ledger.ts',
      'src/store/registry.ts',
      'src/features/formulas/formula-run.ts',
      'src/features/schedule/scheduled-run.ts',
      'src/features/teams/payer.ts',
    ])
      expect(files).toContain(file);
  });
});

describe('the mutation report', () => {
  const results: MutantResult[] = [
    {
      id: 'rule-forgets-running-jobs',
      file: 'src/engine/paid-once.ts',
      status: 'caught',
      seeds: [{ seed: 38001, cases: 4, msPerCase: 900, invariant: 'paid-once', path: '3', foundAt: 4 }],
      tests: { paths: ['test/unit/engine'], killed: true, failed: 2 },
    },
    {
      id: 'rule-forgets-ambiguous-jobs',
      file: 'src/engine/paid-once.ts',
      status: 'not applicable',
      detail: 'snippet not in the source',
      seeds: [],
    },
    {
      id: 'rule-forgets-key-stopped-runs',
      file: 'src/engine/paid-once.ts',
      status: 'survived',
      seeds: [{ seed: 38001, cases: 2000, msPerCase: 700 }],
      tests: { paths: ['test/unit/store/cap-day.test.ts'], killed: true, failed: 1 },
    },
    {
      id: 'rule-forgets-orphaned-jobs',
      file: 'src/engine/paid-once.ts',
      status: 'survived',
      seeds: [],
      label: "a story's cases run one by one",
    },
  ];
  const report = renderMutantReport(mutants, results, { seeds: [38001, 38002, 38003], cases: 2000 });
  const row = (id: string) => report.split('\n').find((line) => line.startsWith(`| ${id} |`)) ?? '';

  it('names what caught a mutant, with its seed, case and replay, and whether the tests killed it', () => {
    expect(row('rule-forgets-running-jobs')).toContain('| paid-once | 38001 | 4 (`--seed 38001 --path 3`) |');
    expect(row('rule-forgets-running-jobs')).toContain('killed (2 failed)');
  });

  it('names the files that killed a mutant run against other tests than the rest', () => {
    expect(row('rule-forgets-running-jobs')).toContain('| killed (2 failed) |');
    expect(row('rule-forgets-key-stopped-runs')).toContain(
      '| killed (1 failed): test/unit/store/cap-day.test.ts |',
    );
    expect(report).toContain('Tests run against each mutant, unless its row names others: test/unit/engine.');
  });

  it('never drops a mutant: not applicable, survived and not run are said', () => {
    expect(row('rule-forgets-ambiguous-jobs')).toContain('**not applicable** (snippet not in the source)');
    expect(row('rule-forgets-key-stopped-runs')).toContain('**survived** (cases per seed 38001: 2000)');
    expect(row('schedule-cap-not-committed')).toContain('not run yet');
    // No search recorded: the row says so and points at what was run.
    expect(row('rule-forgets-orphaned-jobs')).toContain(
      "**survived** (no search: see its label) |  |  | not run | a story's cases run one by one |",
    );
    expect(report).toContain(
      `Caught 1, survived 2, not applicable 1, build failed 0, not run ${mutants.length - 4}`,
    );
  });
});
