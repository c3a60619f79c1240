/**
 * `npm run enrich -- contacts.csv [options]` (USAGE in lib/cli-args.ts): enriches a CSV through the
 * built dist/Code.js in the local Apps Script runtime, against the given API or a built-in emulator.
 * One run per state file (a lock); the state is saved before every job start, so a run killed at
 * any moment is continued by the same command, and nobody is bought twice.
 */
import { baseName, KEY_FLAG_TIP, parseCliArgs, USAGE, type CliOptions } from './lib/cli-args';
import { AnswersStore } from './lib/answers-store';
import { checkInputFile, runCommand, withApi, type Api } from './lib/command';
import { CsvError, delimiterWords, NotTextError } from './lib/csv';
import { encodingWarning } from './lib/csv-encoding';
import { openCsvSource, type CsvSource } from './lib/csv-stream';
import { readInput } from './lib/output-cursor';
import { runCsvStream } from './lib/enrich-stream';
import { checkDistinctFiles, checkWritableFile } from './lib/paths';
import { checkCsvRows } from './lib/enrich-run';
import { exitCodeOf, fileProgressPrinter, nextStepsText, summaryText } from './lib/report';
import { EnrichRunError } from './lib/run-error';
import {
  BUILT_IN_API,
  checkBinding,
  readStateFile,
  writeStateFile,
  type StateBinding,
  type StoredState,
} from './lib/state-file';
import { lockState } from './lib/state-lock';
import { startJournalPath } from './lib/start-journal';
import type { PlanView } from '../src/app/sidebar-contract';
import { plural } from '../src/domain/words';

/** The input's first slice is read before any API is used: an empty file costs nothing. */
async function openInput(file: string, sliceRows: number): Promise<CsvSource> {
  checkInputFile(file); // a missing or unreadable file is one line naming it
  try {
    const source = await openCsvSource(file, sliceRows);
    const first = await source.slices.next();
    checkCsvRows(source.header.length ? [source.header, ...(first.done ? [] : first.value)] : []);
    async function* slices(): AsyncGenerator<string[][]> {
      if (!first.done) yield first.value;
      yield* source.slices;
    }
    return { ...source, slices: inFileWords(file, slices()) };
  } catch (error) {
    throw inFileWordsError(file, error);
  }
}

function inFileWordsError(file: string, error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  return new EnrichRunError(
    error instanceof NotTextError ? `${file} ${error.message}.` : `${file}: ${error.message}`,
  );
}

/** A CSV problem met in a later slice is told like one met in the first. */
async function* inFileWords(file: string, slices: AsyncGenerator<string[][]>): AsyncGenerator<string[][]> {
  try {
    yield* slices;
  } catch (error) {
    throw inFileWordsError(file, error);
  }
}

/** Ctrl-C stops waiting at the next poll (the jobs stay in the state); a second one ends at once. */
function interruptible(): { stopped: () => boolean; done: () => void } {
  let stopped = false;
  const onSignal = () => {
    if (stopped) process.exit(130);
    stopped = true;
    process.stderr.write('\nStopping: nothing more is started, and the state keeps every job started…\n');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A test's failpoint (enrich-cli-habits.test.ts): Ctrl-C before anything is sent.
  if (process.env.SHEET_ENRICH_KILL_AT === 'before-start') process.kill(process.pid, 'SIGINT');
  return {
    stopped: () => stopped,
    done: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

async function enrich(options: CliOptions): Promise<number> {
  const answersPath = `${options.statePath}.answers`;
  checkDistinctFiles({
    'the input CSV': options.input,
    '--out': options.out,
    '--state': options.statePath,
    'the saved answers (beside --state)': answersPath,
    'the job starts journal (beside --state)': startJournalPath(options.statePath),
  });
  checkWritableFile('--out', options.out);
  checkWritableFile('--state', options.statePath);
  const source = await openInput(options.input, options.sliceRows);
  const lock = lockState(options.statePath);
  const interrupt = interruptible();
  try {
    const state = readStateFile(options.statePath);
    const answers = AnswersStore.open(answersPath);
    try {
      return await withApi(options, (api) =>
        enrichInto(options, source, { state, answers, api, stopped: interrupt.stopped }),
      );
    } finally {
      answers.close();
    }
  } finally {
    interrupt.done();
    lock.release();
  }
}

/** A refresh says what it sends and its price before each slice's start (the flag is the consent). */
const refreshPrice =
  (days: number) =>
  (plan: PlanView): void => {
    if (plan.contactsToSend > 0)
      process.stderr.write(
        `Refresh: ${plural(plan.contactsToSend, 'contact')} with answers older than ${plural(days, 'day')}, at most ${plural(plan.maxCredits, 'credit')}.\n`,
      );
  };

async function enrichInto(
  options: CliOptions,
  source: CsvSource,
  parts: { state?: StoredState; answers: AnswersStore; api: Api; stopped: () => boolean },
): Promise<number> {
  const { state, api } = parts;
  const binding: StateBinding = { ...state?.cli, apiUrl: options.apiUrl ?? BUILT_IN_API };
  checkBinding(options.statePath, state?.cli, binding);
  const input = await readInput(options.input);
  const printer = fileProgressPrinter(process.stderr, input.dataLines);
  try {
    const summary = await runCsvStream(source, {
      out: options.out,
      answers: parts.answers,
      bom: source.decoded.bom,
      sepLine: source.fromSepLine,
      ...(state?.cli?.cursor ? { cursor: state.cli.cursor } : {}),
      input: input.identity,
      onRebuild: (why) =>
        process.stderr.write(
          `The output is written again from the top (${why}): the rows answered before come from the saved answers, free.\n`,
        ),
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
      ...(options.refreshDays
        ? { refreshDays: options.refreshDays, onPlan: refreshPrice(options.refreshDays) }
        : {}),
      startJournal: startJournalPath(options.statePath),
      forceResults: options.forceResults,
      realTime: true,
      onProgress: (run) => printer.update(run),
      onSlice: (_rows, totals) => printer.slice(totals),
      saveState: (runtime, cursor) => {
        const { cursor: _done, ...rest } = binding;
        writeStateFile(options.statePath, runtime, cursor ? { ...rest, cursor } : rest);
      },
      checkWorkspace: (workspace) => {
        checkBinding(options.statePath, state?.cli, { workspace });
        binding.workspace = workspace;
      },
      shouldStop: parts.stopped,
    });
    printer.end();
    const warning = encodingWarning(options.input, { text: '', ...source.decoded });
    if (warning) process.stderr.write(`${warning}\n`);
    const read = delimiterWords(source.delimiter, source.fromSepLine);
    process.stdout.write(`${summaryText(summary, options.out, read)}\n`);
    const next = nextStepsText(summary, parts.stopped(), options.forceResults);
    if (next) process.stderr.write(`${next}\n`);
    if (options.keyFromFlag) process.stderr.write(`${KEY_FLAG_TIP}\n`);
    return exitCodeOf(summary);
  } finally {
    printer.end();
  }
}

runCommand(USAGE, parseCliArgs, enrich);
