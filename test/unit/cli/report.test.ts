/**
 * What `npm run enrich` tells when a run did not end cleanly (issue 32): exit codes, the credits of
 * lost starts as "up to", the next steps; and the add-on's words turned into the CLI's (issue 30).
 */
import type { CsvEnrichmentSummary } from '../../../scripts/lib/enrich-run';
import {
  exitCodeOf,
  fileProgressPrinter,
  nextStepsText,
  progressPrinter,
  summaryText,
  waitText,
} from '../../../scripts/lib/report';
import { inCliWords } from '../../../scripts/lib/run-error';
import type { RunProgress } from '../../../src/app/sidebar-contract';

const summary = (changes: Partial<CsvEnrichmentSummary> = {}): CsvEnrichmentSummary =>
  ({
    kind: 'enrich',
    rows: 3,
    sent: 2,
    rowsFromLedger: 0,
    rowsFromDuplicates: 0,
    skipped: [],
    found: { workEmail: 1, personalEmail: 0, phone: 1, profile: 0 },
    statuses: { found: 1 },
    credits: 12,
    spending: { manual: 12 },
    state: 'finished',
    lost: [],
    carried: 0,
    unfinished: 0,
    unmatched: 0,
    urlfetchCalls: 3,
    rangeReads: 3,
    rangeWrites: 6,
    triggerRuns: 1,
    wallMs: 1500,
    ...changes,
  }) as CsvEnrichmentSummary;

const lost = {
  runId: 'r1',
  seq: 0,
  name: 'Untitled spreadsheet › leads › rows 2–31 · run r1 job 1',
  contacts: 30,
  retryMaxCredits: 180,
  problem: 'lost',
};

describe('the end of an enrich run', () => {
  it('exits 0 only when every job answered: 3 while jobs run, 1 for lost starts or a failure', () => {
    expect(exitCodeOf(summary())).toBe(0);
    expect(exitCodeOf(summary({ state: 'running', unfinished: 2 }))).toBe(3);
    expect(exitCodeOf(summary({ state: 'failed', lost: [lost] }))).toBe(1);
    expect(exitCodeOf(summary({ state: 'out_of_credits' }))).toBe(1);
  });

  it('says credits of lost starts are unknown, up to their most, and how to import them', () => {
    const text = summaryText(summary({ state: 'failed', credits: 0, lost: [lost] }), 'out.csv');
    expect(text).toMatch(
      /Credits: +0, and up to 180 credits more for 30 contacts whose start's answer was lost/,
    );
    const next = nextStepsText(summary({ state: 'failed', lost: [lost] }), false)!;
    expect(next).toContain('--import-job ID');
    expect(next).toContain(`"${lost.name}" (30 contacts)`);
  });

  it('tells how to collect jobs still running, after Ctrl-C too', () => {
    const waiting = summary({ state: 'running', unfinished: 1 });
    // Their charges are known when they are collected: "Credits: 0" alone read as nothing spent.
    expect(summaryText({ ...waiting, credits: 0 }, 'out.csv')).toMatch(
      /Credits: +0 so far: 1 job still running is counted by the command that collects it\n/,
    );
    expect(nextStepsText(waiting, false)).toMatch(
      /^Stopped waiting: 1 job still running .* Run the same command again/,
    );
    expect(nextStepsText(waiting, true)).toMatch(/^Interrupted: 1 job still running/);
    // After --force-results the jobs still run at the API: collected by the next run, never resent.
    const forced = nextStepsText({ ...waiting, statuses: { pending: 20, found: 20 } }, false, true)!;
    expect(forced).toMatch(
      /^Stopped waiting: 1 job still running at the API \(20 rows\), kept in the state\. Run the same command again to collect them \(nothing is bought twice\)\. What they found so far is written and counted in Credits/,
    );
    expect(forced).not.toMatch(/send them again|close them/);
    expect(nextStepsText(summary(), false)).toBeUndefined();
  });

  it('counts in words: 1 profile, 1 credit', () => {
    const written: string[] = [];
    const out = {
      isTTY: false,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    progressPrinter(out).update({
      kind: 'reverse',
      state: 'running',
      sent: 1,
      done: 1,
      credits: 1,
      found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 1 },
    } as RunProgress);
    expect(written).toEqual(['1/1 contact · 1 profile · 1 credit · running\n']);
    const text = summaryText(summary({ sent: 1, rowsFromDuplicates: 1 }), 'out.csv');
    expect(text).toMatch(/\(1 contact sent, 0 from saved results, 1 duplicate, 0 skipped\)/);
  });

  it("speaks of the CLI's flags, not of the add-on's Settings", () => {
    expect(inCliWords('The API key was refused. Check it in Settings.')).toBe(
      'The API key was refused. Check --api-key (or the SHEET_ENRICH_API_KEY variable).',
    );
    expect(inCliWords('No API key is set. Add it in Settings.')).not.toMatch(/Settings/);
  });

  it('shows a streamed file on one line: rows done and left, found, credits, pace, time left', () => {
    const written: string[] = [];
    const out = { isTTY: true, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    let now = 0;
    const printer = fileProgressPrinter(out, 1_000_000, () => now);
    now = 60_000;
    printer.slice(summary({ rows: 10_000, credits: 30_000, statuses: { found: 7_000, 'not found': 3_000 } }));
    now = 61_000;
    printer.update({ state: 'running', sent: 100, done: 40, credits: 120 } as RunProgress);
    printer.end();
    expect(written[1]!.startsWith('\r\u001b[2K[')).toBe(true);
    expect(written[1]).toMatch(
      /\] 1% 10,000\/1,000,000 rows · 990,000 left · 7,000 found · 30,120 credits · 9,836 rows\/min · 1 h 41 min left · slice 40\/100$/,
    );
    expect(written[2]).toBe('\n');
  });

  it('says what a running run waits for once it has waited long enough to wonder', () => {
    const now = Date.UTC(2026, 11, 2, 17, 30);
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const running = (changes: Partial<RunProgress>) => ({ state: 'running', ...changes }) as RunProgress;
    expect(waitText(running({ workingSince: ago(30_000) }), now)).toBe('');
    expect(waitText(running({ workingSince: ago(4 * 60_000) }), now)).toBe(' · a job at the API for 4 min');
    expect(waitText(running({ workingSince: ago(12 * 60_000) }), now)).toBe(
      ' · a job at the API for 12 min (Ctrl-C stops waiting; the same command later collects it, paid once)',
    );
    expect(waitText(running({ workingSince: ago(12 * 60_000), retryAt: ago(-40_000) }), now)).toBe(
      ' · the API asked us to wait: next try in 40 s',
    );
    // A backoff already over, an ended run: nothing to say.
    expect(waitText(running({ retryAt: ago(1_000) }), now)).toBe('');
    expect(waitText({ ...running({ workingSince: ago(3_600_000) }), state: 'finished' }, now)).toBe('');
    // The streamed file's line carries it after its slice, and changes as the minutes pass.
    const written: string[] = [];
    const out = {
      isTTY: false,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    let clock = now;
    const printer = fileProgressPrinter(out, 100, () => clock);
    const slice = running({ sent: 100, done: 40, credits: 120, workingSince: ago(5 * 60_000) });
    printer.update(slice);
    clock += 60_000;
    printer.update(slice);
    expect(written.map((text) => text.replace(/^.* · slice /, ''))).toEqual([
      '40/100 · a job at the API for 5 min\n',
      '40/100 · a job at the API for 6 min\n',
    ]);
  });
});
