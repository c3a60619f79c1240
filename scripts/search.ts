/**
 * `npm run search -- companies|people --filters FILE.json [options]` (SEARCH_USAGE in
 * lib/search-args.ts): a company or people search through the built dist/Code.js in the local Apps
 * Script runtime, as the sidebar runs it, into a CSV; the stored state lets a larger --max load only
 * the rest.
 */
import { writeFileSync } from 'node:fs';
import { runCommand, withApi } from './lib/command';
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
  const filters = readFiltersFile(options.filtersFile);
  const state = readStateFile(options.statePath);
  return withApi(options, async (api) => {
    const status = statusLine(process.stderr);
    try {
      const summary = runSearch({
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
      });
      status.end();
      // Every cell under the header is API data: none may run as a formula when the file is opened.
      writeFileSync(options.out, formatCsv(neutraliseCells(summary.table, (row) => row > 0)));
      process.stdout.write(`${searchSummaryText(summary, options.out)}\n`);
      // Still loading: the API paused the run (its reason is in the summary); the state knows where.
      if (summary.view.state === 'loading')
        process.stderr.write('Run the same command again to go on from where it stopped.\n');
      return summary.view.state === 'done' ? 0 : 1;
    } finally {
      status.end();
    }
  });
}

runCommand(SEARCH_USAGE, parseSearchArgs, search);
