/** `npm run search` arguments and its filters file (the shared helpers are cli-args.ts's). */
import { dirname, join } from 'node:path';
import { fromCallerDir } from './paths';
import { SEARCH_FILTERS, type SearchKind } from '../../src/domain/search-filters';
import { LIMITS } from '../../src/domain/limits';
import { readInputFile } from './command';
import {
  apiOptions,
  baseName,
  COMMON_OPTIONS,
  parseStrict,
  positiveInteger,
  type CommonCliOptions,
} from './cli-args';
import { EnrichRunError, UsageError } from './run-error';

export const SEARCH_USAGE = `Usage: npm run search -- companies|people --filters FILE.json [options]
  --filters FILE.json     the request's filters as the API spec names them, e.g.
                          {"current_position_titles":[{"value":"VP Sales"}]}
  --max N                 results to load, at most ${LIMITS.searchMaxRows} (default ${LIMITS.searchDefaultRows}); a larger N on
                          a later run loads only the rest
  --out FILE              the results as CSV (default: <filters>.<kind>.csv beside the filters file)
  --state FILE            stored spreadsheet state (default: <out>.sheet-enrich-state.json beside --out)
  --api-url URL           the enrichment API (default: a built-in emulator started for the run);
                          its key from the SHEET_ENRICH_API_KEY variable (recommended) or --api-key KEY
  --list-filters          every filter of companies and people (or of the kind given), with its kind
  -h, --help              this help`;

const KINDS: readonly SearchKind[] = ['companies', 'people'];

export interface SearchCliOptions extends CommonCliOptions {
  kind: SearchKind;
  filtersFile: string;
  max: number;
  /** Print the filters (of `kinds`) and stop. */
  listFilters?: readonly SearchKind[];
}

/** "people  current_position_titles  text   Job titles": one line per filter, from the one table. */
export function filterList(kinds: readonly SearchKind[]): string {
  const rows = kinds.flatMap((kind) =>
    SEARCH_FILTERS[kind].map((spec) => [kind, spec.name, spec.type, spec.label]),
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function parseSearchArgs(argv: string[]): SearchCliOptions {
  const { values, positionals } = parseStrict(argv, {
    ...COMMON_OPTIONS,
    filters: { type: 'string' },
    max: { type: 'string' },
    'list-filters': { type: 'boolean' },
  });
  const help = values.help === true;
  if (help) return { help, kind: 'people', filtersFile: '', max: 0, out: '', statePath: '' };
  if (values['list-filters'] === true) {
    const asked = positionals as SearchKind[];
    const unknown = asked.find((kind) => !KINDS.includes(kind));
    if (unknown) throw new EnrichRunError(`"${unknown}" is not a search: companies or people.`);
    const listFilters = asked.length ? asked : KINDS;
    return { help, kind: 'people', filtersFile: '', max: 0, out: '', statePath: '', listFilters };
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length ? `One search at a time, got ${positionals.length}.` : 'Search companies or people?',
    );
  }
  const kind = positionals[0]! as SearchKind;
  // A mistyped kind or count is a plain slip, not a misuse of the command: one line, no usage text.
  if (!KINDS.includes(kind)) throw new EnrichRunError(`"${kind}" is not a search: companies or people.`);
  if (values.filters === undefined) throw new UsageError('Which filters? Give --filters FILE.json.');
  const api = apiOptions(values);
  const filtersFile = fromCallerDir(values.filters);
  const max = positiveInteger('max', values.max, {
    noun: 'results',
    max: LIMITS.searchMaxRows,
    Refusal: EnrichRunError,
  });
  const out =
    values.out === undefined
      ? join(dirname(filtersFile), `${baseName(filtersFile)}.${kind}.csv`)
      : fromCallerDir(values.out);
  return {
    help,
    kind,
    filtersFile,
    max: max ?? LIMITS.searchDefaultRows,
    out,
    // Named as enrich names its own, after the CSV it stands beside.
    statePath:
      values.state === undefined
        ? join(dirname(out), `${baseName(out)}.sheet-enrich-state.json`)
        : fromCallerDir(values.state),
    ...api,
  };
}

const EXAMPLE = '{"person_locations":[{"value":"Germany"}]}';

/** The filters file's object; what is in it is the add-on's to check (it says what is wrong). */
export function readFiltersFile(file: string): Record<string, unknown> {
  const text = readInputFile(file)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EnrichRunError(`${file} is not JSON (${(error as Error).message}).`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new EnrichRunError(`${file} must hold one object of filter name → entries, e.g. ${EXAMPLE}.`);
  }
  return data as Record<string, unknown>;
}
