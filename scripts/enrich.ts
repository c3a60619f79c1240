/**
 * `npm run enrich -- contacts.csv [options]` (USAGE in lib/cli-args.ts): enriches a CSV through the
 * built dist/Code.js in the local Apps Script runtime, against the given API or a built-in emulator.
 */
import { writeFileSync } from 'node:fs';
import { baseName, parseCliArgs, USAGE, type CliOptions } from './lib/cli-args';
import { readInputFile, runCommand, withApi } from './lib/command';
import { CsvError, NotTextError, decodeCsvBytes, detectDelimiter, formatCsv, parseCsv } from './lib/csv';
import { checkCsvRows, runCsvEnrichment } from './lib/enrich-run';
import { progressPrinter, summaryText } from './lib/report';
import { EnrichRunError } from './lib/run-error';
import { safeToOpen } from './lib/sheet-outputs';
import { readStateFile, writeStateFile } from './lib/state-file';

function readCsv(file: string): { rows: string[][]; delimiter: string } {
  const bytes = readInputFile(file);
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
  return withApi(options, async (api) => {
    const printer = progressPrinter(process.stderr);
    try {
      const summary = await runCsvEnrichment({
        rows,
        sheetName: baseName(options.input),
        kind: options.reverse ? 'reverse' : 'enrich',
        fields: options.fields,
        apiBaseUrl: api.baseUrl,
        apiKey: api.apiKey,
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
    }
  });
}

runCommand(USAGE, parseCliArgs, enrich);
