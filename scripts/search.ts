/**
 * `npm run search -- companies|people --filters FILE.json [options]` (SEARCH_USAGE in
 * lib/search-args.ts): a company or people search through the built dist/Code.js in the local Apps
 * Script runtime, as the sidebar runs it, into a CSV; the stored state lets a larger --max load only
 * the rest.
 */
import { writeFileSync } from 'node:fs';
import { KEY_FLAG_TIP } from './lib/cli-args';
import { runCommand, withApi } from './lib/command';
import { checkDistinctFiles } from './lib/paths';
import { lockState } from './lib/state-lock';
import { EnrichRunError, inCliWords } from './lib/run-error';
import { formatCsv, neutraliseCells } from './lib/csv';
import { balanceWarning, previewText, searchSummaryText, showSearchProgress, statusLine } from './lib/report';
import {
  filterList,
  parseSearchArgs,
  readFiltersFile,
  SEARCH_USAGE,
  type SearchCliOptions,
} from './lib/search-args';
import { runSearch } from './lib/search-run';
import { readStateFile, writeStateFile } from './lib/state-file';

async function search(options: SearchCliOptions): Promise<number> {
  if (options.listFilters) {
    process.stdout.write(`${filterList(options.listFilters)}\n`);
    return 0;
  }
  checkDistinctFiles({
    '--filters': options.filtersFile,
    '--out': options.out,
    '--state': options.statePath,
  });
  const filters = readFiltersFile(options.filtersFile);
  const lock = lockState(options.statePath);
  try {
    return await searchWith(options, filters);
  } finally {
    lock.release();
  }
}

async function searchWith(options: SearchCliOptions, filters: Record<string, unknown>): Promise<number> {
  const state = readStateFile(options.statePath);
  return withApi(options, async (api) => {
    const status = statusLine(process.stderr);
    try {
      const summary = stopsOnKey(() =>
        runSearch({
          kind: options.kind,
          filters,
          max: options.max,
          apiBaseUrl: api.baseUrl,
          apiKey: api.apiKey,
          ...(state ? { state } : {}),
          onPreview: (preview) => {
            const warning = balanceWarning(preview);
            process.stderr.write(`${previewText(preview)}\n${warning ? `${warning}\n` : ''}`);
          },
          onProgress: (view) => showSearchProgress(status, view),
          onNote: (text) => process.stderr.write(`${text}\n`),
          saveState: (runtime) => writeStateFile(options.statePath, runtime),
        }),
      );
      if (summary === undefined) return 1;
      status.end();
      // Every cell under the header is API data: none may run as a formula when the file is opened.
      writeFileSync(options.out, formatCsv(neutraliseCells(summary.table, (row) => row > 0)));
      process.stdout.write(`${searchSummaryText(summary, options.out)}\n`);
      // Still loading: the API paused the run (its reason is in the summary); the state knows where.
      if (summary.view.state === 'loading')
        process.stderr.write('Run the same command again to go on from where it stopped.\n');
      if (options.keyFromFlag) process.stderr.write(`${KEY_FLAG_TIP}\n`);
      return summary.view.state === 'done' ? 0 : 1;
    } finally {
      status.end();
    }
  });
}

/**
 * A refused or missing key stops the search as running out of credits does: exit 1, as the README
 * says, with the API's reason in the CLI's words (the add-on's check of filters stays exit 2).
 * The add-on's key messages (src/api/failures.ts) are the only ones starting so.
 */
function stopsOnKey<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (
      !(error instanceof EnrichRunError) ||
      !/^(The API key was refused|No API key is set)/.test(error.message)
    )
      throw error;
    process.stderr.write(`sheet-enrich: ${inCliWords(error.message)}\n`);
    return undefined;
  }
}

runCommand(SEARCH_USAGE, parseSearchArgs, search);
