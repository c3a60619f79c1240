/**
 * `npm run bench`: 1,000 rows through the CSV flow (dist/Code.js in the local runtime) against a
 * spawned emulator whose jobs finish before the first poll. Prints one JSON line on stdout; the
 * settings go to stderr. Targets: ≤ 25 UrlFetch requests (floor 21: 10 starts, 10 results,
 * 1 balance) and ≤ 40 Range reads and writes together. Then the same document, opened again with
 * an empty cache, gets `=ENRICH_EMAIL(...)` over all its rows: `formula_service_calls` counts the
 * cache, properties and Range calls of that one recalculation (target ≤ 3), `formula_urlfetch_calls`
 * its requests (target 0). Last, a people search of ROWS results into a tab, as the sidebar runs it
 * (preview, start, continue): `search_*` counts its UrlFetch requests (floor: 1 preview + one per
 * 100 results), Range reads and writes, and what the emulator charged (a quarter credit per result).
 * Then per-cell formulas over ledgers of 1,000 and 50,000 answers, and the range form over the
 * same rows (`percell_*`, `range_formula_*`: see lib/per-cell-bench.ts). Then what an open sidebar
 * costs of the daily properties quota, per peek and per day (`sidebar_*`: see lib/sidebar-bench.ts).
 * `load_ms` is what every execution pays before its entry point runs: the median time to compile and
 * run dist/Code.js in a fresh context (lib/load-time.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleContacts } from '../dev/emulator/sample';
import { spawnEmulator } from '../dev/emulator/spawn';
import { loadAddon } from '../dev/gas/harness';
import type { RuntimeState } from '../dev/gas/state';
import { runCsvEnrichment } from './lib/enrich-run';
import { loadTimeMs } from './lib/load-time';
import { perCellBench } from './lib/per-cell-bench';
import { sidebarBench } from './lib/sidebar-bench';
import { cliBench } from './lib/cli-bench';

/** One recalculation of a formula over every row, in a fresh execution with an empty cache. */
function formulaBench(state: RuntimeState, apiBaseUrl: string, rows: number) {
  const addon = loadAddon({ apiBaseUrl, allowLoopback: true, state });
  try {
    const sheet = addon.spreadsheet.getSheetByName('bench')!;
    const column = sheet.getLastColumn() + 2;
    sheet.getRange(2, column).setFormula(`=ENRICH_EMAIL(A2:A${rows + 1},B2:B${rows + 1},D2:D${rows + 1})`);
    const before = addon.counts.snapshot();
    const fetches = addon.counts.urlfetch;
    addon.recalculate();
    const calls = Object.entries(addon.counts.snapshot())
      .filter(([name]) => /^(Cache|Properties|Range|RangeList)\./.test(name))
      .reduce((sum, [name, count]) => sum + count - (before[name] ?? 0), 0);
    const answered = (sheet.getRange(2, column, rows, 1).getDisplayValues() as string[][]).filter(
      ([text]) => text!.includes('@') || text === '— not found',
    ).length;
    return {
      formula_rows_answered: answered,
      formula_service_calls: calls,
      formula_urlfetch_calls: addon.counts.urlfetch - fetches,
    };
  } finally {
    addon.close();
  }
}

/** A people search of `rows` results into a new tab, through the sidebar's server functions. */
async function searchBench(apiBaseUrl: string, apiKey: string, rows: number, spent: () => Promise<number>) {
  const addon = loadAddon({ apiBaseUrl, apiKey, allowLoopback: true });
  try {
    const before = await spent();
    const request = { kind: 'people', filters: { current_position_titles: [{ value: 'a' }] }, rows };
    const preview = addon.call<{ total: number; maxCredits: number }>('previewSearch', request);
    const counts = addon.counts.snapshot();
    const fetches = addon.counts.urlfetch;
    let view = addon.call<{ state: string; rows: number; sheetId: number }>('startSearch', request);
    for (let calls = 0; view.state === 'loading' && calls < 1000; calls++)
      view = addon.call('continueSearch', view.sheetId);
    const after = addon.counts.snapshot();
    const delta = (pattern: RegExp) =>
      Object.entries(after)
        .filter(([name]) => pattern.test(name))
        .reduce((sum, [name, count]) => sum + count - (counts[name] ?? 0), 0);
    return {
      search_results: view.rows,
      search_matches: preview.total,
      search_urlfetch_calls: addon.counts.urlfetch - fetches + 1,
      search_range_reads: delta(/^Range\.get/),
      // The text format of a page goes on its text cells in one RangeList call.
      search_range_writes: delta(/^Range(List)?\.set/),
      search_credits: (await spent()) - before,
      search_max_credits: preview.maxCredits,
    };
  } finally {
    addon.close();
  }
}

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const SEED = 7;
const SETTINGS = { jobMs: 200, rateLimit: 0, credits: 1_000_000, seed: SEED };
const POLL_MS = 1000;

async function main(): Promise<void> {
  const emulator = await spawnEmulator(SETTINGS);
  try {
    const contacts = sampleContacts(SEED, ROWS);
    const rows = [
      ['First name', 'Last name', 'Company', 'Website'],
      ...contacts.map((c) => [c.firstName, c.lastName, c.companyName, c.domain]),
    ];
    process.stderr.write(
      `bench: ${ROWS} rows, emulator ${JSON.stringify(SETTINGS)}, poll every ${POLL_MS} ms\n`,
    );
    const summary = await runCsvEnrichment({
      rows,
      sheetName: 'bench',
      kind: 'enrich',
      fields: ['work_email', 'phone'],
      apiBaseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      pollMs: POLL_MS,
    });
    if (summary.state !== 'finished')
      throw new Error(`the run ended ${summary.state}: ${summary.message ?? ''}`);
    const line = {
      load_ms: Number(loadTimeMs(readFileSync(join(__dirname, '../dist/Code.js'), 'utf8')).toFixed(2)),
      rows: summary.rows,
      urlfetch_calls: summary.urlfetchCalls,
      range_reads: summary.rangeReads,
      range_writes: summary.rangeWrites,
      trigger_runs: summary.triggerRuns,
      credits: summary.credits,
      wall_ms: summary.wallMs,
      ...formulaBench(summary.runtimeState, emulator.baseUrl, ROWS),
      ...(await searchBench(emulator.baseUrl, emulator.apiKey, ROWS, async () => {
        return (await emulator.admin.stats()).credits_spent;
      })),
      ...perCellBench(emulator.baseUrl, SEED),
      ...sidebarBench(summary.runtimeState, emulator.baseUrl),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await emulator.stop();
  }
}

/**
 * `--cli N [N…] [--rate-limit R] [--kill]`: the enrich command line at N rows (lib/cli-bench.ts)
 * instead of the above; R requests a minute at the emulator (default 0: off); --kill kills the first
 * command at a random moment and runs it again.
 */
const cliAt = process.argv.indexOf('--cli');
const rateAt = process.argv.indexOf('--rate-limit');
const rateLimit = rateAt === -1 ? 0 : Number(process.argv[rateAt + 1]);
const afterCli = cliAt === -1 ? [] : process.argv.slice(cliAt + 1);
const flagAt = afterCli.findIndex((arg) => arg.startsWith('--'));
const sizes = (flagAt === -1 ? afterCli : afterCli.slice(0, flagAt)).map(Number).filter((n) => n > 0);

(cliAt === -1 ? main() : cliBench(sizes, rateLimit, process.argv.includes('--kill'))).catch(
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
