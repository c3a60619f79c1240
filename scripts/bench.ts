/**
 * `npm run bench`: 1,000 rows through the CSV flow (dist/Code.js in the local runtime) against a
 * spawned emulator whose jobs finish before the first poll. Prints one JSON line on stdout; the
 * settings go to stderr. Targets: ≤ 25 UrlFetch requests (floor 21: 10 starts, 10 results,
 * 1 balance) and ≤ 40 Range reads and writes together.
 */
import { sampleContacts } from '../dev/emulator/sample';
import { spawnEmulator } from '../dev/emulator/spawn';
import { runCsvEnrichment } from './lib/enrich-run';

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
      rows: summary.rows,
      urlfetch_calls: summary.urlfetchCalls,
      range_reads: summary.rangeReads,
      range_writes: summary.rangeWrites,
      trigger_runs: summary.triggerRuns,
      credits: summary.credits,
      wall_ms: summary.wallMs,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
