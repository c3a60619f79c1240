/**
 * `npm run enrich -- contacts.csv [options]` (USAGE in lib/cli-args.ts): enriches a CSV through the
 * built dist/Code.js in the local Apps Script runtime, against the given API or a built-in emulator.
 * One run per state file (a lock); the state is saved before every job start, so a run killed at
 * any moment is continued by the same command, and nobody is bought twice.
 */
import { writeFileSync } from 'node:fs';
import { baseName, KEY_FLAG_TIP, parseCliArgs, USAGE, type CliOptions } from './lib/cli-args';
import { readInputFile, runCommand, withApi } from './lib/command';
import { CsvError, NotTextError, decodeCsvFile, detectDelimiter, formatCsv, parseCsv } from './lib/csv';
import { encodingWarning, UTF8_BOM } from './lib/csv-encoding';
import { checkDistinctFiles } from './lib/paths';
import { checkCsvRows, runCsvEnrichment } from './lib/enrich-run';
import { exitCodeOf, nextStepsText, progressPrinter, summaryText } from './lib/report';
import { EnrichRunError } from './lib/run-error';
import { safeToOpen } from './lib/sheet-outputs';
import {
  BUILT_IN_API,
  checkBinding,
  readStateFile,
  writeStateFile,
  type StateBinding,
} from './lib/state-file';
import { lockState } from './lib/state-lock';

interface InputCsv {
  rows: string[][];
  delimiter: string;
  /** The input had a byte-order mark: the output gets one too (Excel reads UTF-8 by it). */
  bom: boolean;
}

function readCsv(file: string): InputCsv {
  const bytes = readInputFile(file);
  try {
    const decoded = decodeCsvFile(bytes);
    const warning = encodingWarning(file, decoded);
    if (warning) process.stderr.write(`${warning}\n`);
    const delimiter = detectDelimiter(decoded.text);
    return { rows: parseCsv(decoded.text, delimiter), delimiter, bom: decoded.bom };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new EnrichRunError(
      error instanceof NotTextError ? `${file} ${error.message}.` : `${file}: ${error.message}`,
    );
  }
}

/** Ctrl-C stops waiting at the next poll (the jobs stay in the state); a second one ends at once. */
function interruptible(): { stopped: () => boolean; done: () => void } {
  let stopped = false;
  const onSignal = () => {
    if (stopped) process.exit(130);
    stopped = true;
    process.stderr.write('\nStopping after this poll: the state keeps every job started…\n');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stopped: () => stopped,
    done: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

async function enrich(options: CliOptions): Promise<number> {
  checkDistinctFiles({ 'the input CSV': options.input, '--out': options.out, '--state': options.statePath });
  const { rows, delimiter, bom } = readCsv(options.input);
  checkCsvRows(rows);
  const lock = lockState(options.statePath);
  const interrupt = interruptible();
  try {
    const state = readStateFile(options.statePath);
    return await withApi(options, async (api) => {
      const binding: StateBinding = { ...state?.cli, apiUrl: options.apiUrl ?? BUILT_IN_API };
      checkBinding(options.statePath, state?.cli, binding);
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
          ...(options.maxPolls === undefined ? {} : { maxPolls: options.maxPolls }),
          ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
          ...(state ? { state } : {}),
          importJobs: options.importJobs,
          onProgress: (run) => printer.update(run),
          saveState: (runtime) => writeStateFile(options.statePath, runtime, binding),
          checkWorkspace: (workspace) => {
            checkBinding(options.statePath, state?.cli, { workspace });
            binding.workspace = workspace;
          },
          shouldStop: interrupt.stopped,
        });
        printer.end();
        const csv = formatCsv(safeToOpen(summary.table), delimiter);
        writeFileSync(options.out, bom ? UTF8_BOM + csv : csv);
        writeStateFile(options.statePath, summary.runtimeState, binding);
        process.stdout.write(`${summaryText(summary, options.out)}\n`);
        const next = nextStepsText(summary, interrupt.stopped());
        if (next) process.stderr.write(`${next}\n`);
        if (options.keyFromFlag) process.stderr.write(`${KEY_FLAG_TIP}\n`);
        return exitCodeOf(summary);
      } finally {
        printer.end();
      }
    });
  } finally {
    interrupt.done();
    lock.release();
  }
}

runCommand(USAGE, parseCliArgs, enrich);
