/**
 * `npm run enrich` arguments, and the helpers `npm run search` (search-args.ts) parses with too:
 * parsed strictly, every mistake a plain sentence (UsageError).
 */
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ENRICH_FIELDS, type EnrichField } from '../../src/domain/fields';
import { fromCallerDir } from './paths';
import { EnrichRunError, UsageError } from './run-error';

export const USAGE = `Usage: npm run enrich -- contacts.csv [options]
  --reverse               reverse lookup of the Email column (default: enrich people)
  --fields LIST           what to find: ${ENRICH_FIELDS.join(',')} (default: work_email,phone)
  --out FILE              enriched CSV (default: <name>.enriched.csv beside the input)
  --api-url URL           the enrichment API (default: a built-in emulator started for the run);
                          its key from the SHEET_ENRICH_API_KEY variable (recommended) or --api-key KEY
  --budget-ms MS          time budget of each Apps Script execution (default 360000)
  --poll-ms MS            real time between two polls (default 2000)
  --max-polls N           stop waiting after N polls (default 500): the jobs stay in the state,
                          and the same command run again collects them (exit code 3 meanwhile)
  --force-results         when waiting stops, take what jobs still running found so far
                          (forceResults); they keep running at the API, and the same command
                          run again collects the rest (exit code 3 meanwhile)
  --state FILE            stored spreadsheet state (default: <name>.sheet-enrich-state.json)
  --slice-rows N          rows read, enriched and written at a time (default 10000): memory and
                          the state file hold one slice, whatever the file's length
  --import-job ID         a job whose start's answer was lost, by the id the provider's dashboard
                          shows (repeatable): its answers are read, never bought again
  --refresh-older-than DAYS
                          look up again only the rows whose saved answer is older than DAYS
                          (1 to 3650), every field asked anew; other rows come from saved answers
                          or are left alone. The price is printed before anything is sent
  -h, --help              this help`;

/** What every command takes: its output CSV, its state file, the API, help. */
export interface CommonCliOptions {
  out: string;
  statePath: string;
  apiUrl?: string;
  apiKey?: string;
  /** The key came from --api-key rather than SHEET_ENRICH_API_KEY. */
  keyFromFlag?: true;
  help: boolean;
}

export interface CliOptions extends CommonCliOptions {
  input: string;
  reverse: boolean;
  fields: EnrichField[];
  budgetMs?: number;
  pollMs: number;
  maxPolls?: number;
  importJobs: string[];
  /** Jobs still running when waiting stops give what they found so far (forceResults), and stay open. */
  forceResults: boolean;
  /** Rows read, enriched and written at a time. */
  sliceRows: number;
  /** --refresh-older-than: only answers older than this many days are looked up again. */
  refreshDays?: number;
}

const MIN_BUDGET_MS = 60_000;
/** 100 jobs of 100 contacts: as many as the API keeps in flight for a workspace. */
const DEFAULT_SLICE_ROWS = 10_000;
const DEFAULT_FIELDS: EnrichField[] = ['work_email', 'phone'];

/**
 * A flag's whole number from 1 to `max`, or undefined when the flag is absent. The refusal is a
 * UsageError (usage text follows) unless the command says a plain one-line error fits better.
 */
export function positiveInteger(
  flag: string,
  value: string | undefined,
  { noun = 'milliseconds', max = Number.MAX_SAFE_INTEGER, Refusal = UsageError } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > max) {
    const upTo = max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : '';
    throw new Refusal(`--${flag} wants a positive number of ${noun}${upTo}, got "${value}".`);
  }
  return n;
}

/** The variable the API key is read from: unlike a flag, `ps` does not show it to other users. */
export const API_KEY_VARIABLE = 'SHEET_ENRICH_API_KEY';

/**
 * --api-url with its key, from --api-key or else SHEET_ENRICH_API_KEY; neither: the command starts
 * its own emulator (the variable is then not used). `keyFromFlag` asks for the variable's tip.
 */
export function apiOptions(
  values: { 'api-url'?: string; 'api-key'?: string },
  env: Readonly<Record<string, string | undefined>> = process.env,
): { apiUrl?: string; apiKey?: string; keyFromFlag?: true } {
  const url = values['api-url'];
  const flag = values['api-key'];
  if (url === undefined && flag !== undefined) throw new UsageError('--api-url and --api-key go together.');
  if (url === undefined) return {};
  const key = flag ?? env[API_KEY_VARIABLE];
  if (!key)
    throw new UsageError(
      `--api-url and its key go together: set the ${API_KEY_VARIABLE} variable (or give --api-key).`,
    );
  return { apiUrl: url, apiKey: key, ...(flag === undefined ? {} : { keyFromFlag: true as const }) };
}

/** Said on stderr when the key came from --api-key. */
export const KEY_FLAG_TIP = `Tip: set the ${API_KEY_VARIABLE} variable instead of --api-key: other users of this machine can read a flag in the process list for as long as the run lasts.`;

/** The flags of CommonCliOptions. */
export const COMMON_OPTIONS = {
  out: { type: 'string' },
  state: { type: 'string' },
  'api-url': { type: 'string' },
  'api-key': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** node's parseArgs, strict, with its refusals as one sentence (its own wording is too long). */
export function parseStrict<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: true, options });
  } catch (error) {
    // "Unknown option '--x'. To specify a positional argument…", "… is ambiguous.\nDid you forget…":
    // the first sentence says it all.
    const message = (error as Error).message.split(/\.\s/)[0]!.replace(/\.$/, '');
    throw new UsageError(`${message}.`);
  }
}

function parseFields(value: string | undefined): EnrichField[] {
  if (value === undefined) return DEFAULT_FIELDS;
  const fields = value
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const unknown = fields.filter((field) => !(ENRICH_FIELDS as readonly string[]).includes(field));
  if (unknown.length || fields.length === 0) {
    throw new UsageError(`--fields takes ${ENRICH_FIELDS.join(', ')}; got "${value}".`);
  }
  return [...new Set(fields)] as EnrichField[];
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** `contacts.csv` → `contacts`; the sheet and the default output and state files are named after it. */
export function baseName(input: string): string {
  return basename(input, extname(input)) || 'contacts';
}

export function parseCliArgs(argv: string[]): CliOptions {
  const { values, positionals } = parseStrict(argv, {
    ...COMMON_OPTIONS,
    reverse: { type: 'boolean' },
    fields: { type: 'string' },
    'budget-ms': { type: 'string' },
    'poll-ms': { type: 'string' },
    'max-polls': { type: 'string' },
    'import-job': { type: 'string', multiple: true },
    'force-results': { type: 'boolean' },
    'slice-rows': { type: 'string' },
    'refresh-older-than': { type: 'string' },
  });
  const help = values.help === true;
  if (help)
    return {
      help,
      input: '',
      reverse: false,
      fields: DEFAULT_FIELDS,
      out: '',
      statePath: '',
      pollMs: 0,
      importJobs: [],
      forceResults: false,
      sliceRows: 0,
    };
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length
        ? `One CSV file at a time, got ${positionals.length}.`
        : 'Which CSV file? Give its path.',
    );
  }
  const api = apiOptions(values);
  const input = fromCallerDir(positionals[0]!);
  const beside = (suffix: string) => join(dirname(input), `${baseName(input)}${suffix}`);
  const budgetMs = positiveInteger('budget-ms', values['budget-ms']);
  // The engine keeps 45 s of every execution in reserve (LIMITS.executionSafetyMs): less does nothing.
  if (budgetMs !== undefined && budgetMs < MIN_BUDGET_MS) {
    throw new UsageError(`--budget-ms must be at least ${MIN_BUDGET_MS}: each run keeps 45 s in reserve.`);
  }
  return {
    help,
    input,
    reverse: values.reverse === true,
    fields: parseFields(values.fields),
    out: values.out === undefined ? beside('.enriched.csv') : fromCallerDir(values.out),
    statePath: values.state === undefined ? beside('.sheet-enrich-state.json') : fromCallerDir(values.state),
    ...api,
    ...(budgetMs === undefined ? {} : { budgetMs }),
    pollMs: positiveInteger('poll-ms', values['poll-ms']) ?? 2000,
    ...optional('maxPolls', positiveInteger('max-polls', values['max-polls'], { noun: 'polls' })),
    importJobs: values['import-job'] ?? [],
    forceResults: values['force-results'] === true,
    sliceRows: positiveInteger('slice-rows', values['slice-rows'], { noun: 'rows' }) ?? DEFAULT_SLICE_ROWS,
    ...optional(
      'refreshDays',
      positiveInteger('refresh-older-than', values['refresh-older-than'], {
        noun: 'days',
        max: 3650,
        Refusal: EnrichRunError,
      }),
    ),
  };
}
