/**
 * `npm run enrich -- contacts.csv [options]` (USAGE in lib/cli-args.ts): enriches a CSV through the
 * built dist/Code.js in the local Apps Script runtime, against the given API or a built-in emulator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnEmulator, type SpawnedEmulator } from '../dev/emulator/spawn';
import { baseName, parseCliArgs, USAGE, type CliOptions } from './lib/cli-args';
import { CsvError, NotTextError, decodeCsvBytes, detectDelimiter, formatCsv, parseCsv } from './lib/csv';
import { checkCsvRows, runCsvEnrichment } from './lib/enrich-run';
import { progressPrinter, summaryText } from './lib/report';
import { EnrichRunError, UsageError } from './lib/run-error';
import { safeToOpen } from './lib/sheet-outputs';
import { readStateFile, writeStateFile } from './lib/state-file';

function readCsv(file: string): { rows: string[][]; delimiter: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnrichRunError(
      code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file} (${code ?? 'error'}).`,
    );
  }
  try {
    const text = decodeCsvBytes(bytes);
    const delimiter = detectDelimiter(text);
    return { rows: parseCsv(text, delimiter), delimiter };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new EnrichRunError(
      error instanceof NotTextError ? `${file} ${error.message}.` : `${file}: ${error.message}`,
    );
  }
}

async function enrich(options: CliOptions): Promise<number> {
  const { rows, delimiter } = readCsv(options.input);
  checkCsvRows(rows);
  const state = readStateFile(options.statePath);
  // Without an API, the built-in emulator (demo key, default world) serves the run and stops with it.
  let emulator: SpawnedEmulator | undefined;
  if (!options.apiUrl) {
    emulator = await spawnEmulator({});
    process.stderr.write(`Using the built-in emulator at ${emulator.baseUrl}\n`);
  }
  const printer = progressPrinter(process.stderr);
  try {
    const summary = await runCsvEnrichment({
      rows,
      sheetName: baseName(options.input),
      kind: options.reverse ? 'reverse' : 'enrich',
      fields: options.fields,
      apiBaseUrl: options.apiUrl ?? emulator!.baseUrl,
      apiKey: options.apiKey ?? emulator!.apiKey,
      pollMs: options.pollMs,
      ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
      ...(state ? { state } : {}),
      onProgress: (run) => printer.update(run),
    });
    printer.end();
    writeFileSync(options.out, formatCsv(safeToOpen(summary.table), delimiter));
    writeStateFile(options.statePath, summary.runtimeState);
    process.stdout.write(`${summaryText(summary, options.out)}\n`);
    return summary.state === 'failed' ? 1 : 0;
  } finally {
    printer.end();
    await emulator?.stop();
  }
}

async function main(): Promise<number> {
  try {
    const options = parseCliArgs(process.argv.slice(2));
    if (options.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    return await enrich(options);
  } catch (error) {
    if (!(error instanceof EnrichRunError)) throw error;
    process.stderr.write(`sheet-enrich: ${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    return 2;
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    // Unexpected: still one line, the key is never part of it (it lives only in user properties).
    process.stderr.write(`sheet-enrich: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
