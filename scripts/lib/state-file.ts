/**
 * The CLI's state file: the local spreadsheet's stored state (ledger sheet, document and user
 * properties, triggers) between runs, so the same rows never cost credits twice. It is versioned and
 * parsed with zod: a file of another version or of the wrong shape gets one line and exit code 2.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { RuntimeState } from '../../dev/gas/harness';
import { EnrichRunError } from './run-error';

/** The version of RuntimeState this CLI reads and writes (dev/gas/state.ts). */
const STATE_VERSION = 1;

const strings = z.record(z.string(), z.string());
const storedValue = z.union([z.string(), z.number(), z.boolean(), z.object({ date: z.number() })]);
const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  clockOffsetMs: z.number(),
  spreadsheet: z.object({
    id: z.string(),
    name: z.string(),
    timeZone: z.optional(z.string()),
    activeSheetId: z.number(),
    sheets: z.array(
      z.object({
        name: z.string(),
        sheetId: z.number(),
        hidden: z.boolean(),
        frozenRows: z.number(),
        maxRows: z.number(),
        maxColumns: z.number(),
        cells: z.array(
          z.object({
            row: z.number(),
            column: z.number(),
            value: storedValue,
            formula: z.optional(z.string()),
            format: z.optional(z.string()),
          }),
        ),
      }),
    ),
  }),
  properties: z.object({ document: strings, user: strings, script: strings }),
  triggers: z.array(
    z.object({
      id: z.string(),
      handler: z.string(),
      periodMs: z.optional(z.number()),
      everyMinutes: z.optional(z.number()),
      nextRunAt: z.number(),
    }),
  ),
});

/** The key is a secret and the base URL changes with every emulator: both come from the command line. */
export function withoutSecrets(state: RuntimeState): RuntimeState {
  const user = { ...state.properties.user };
  delete user[USER_PROPERTY.apiKey];
  delete user[USER_PROPERTY.apiBaseUrl];
  return { ...state, properties: { ...state.properties, user } };
}

/** The state the text holds, or why it holds none (a few words for the one-line message). */
function problemOf(text: string): string | RuntimeState {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (version === undefined) return 'no format version: not a sheet-enrich state file';
  if (version !== STATE_VERSION)
    return `format version ${JSON.stringify(version)}, written by another version of this tool; this one reads version ${STATE_VERSION}`;
  const parsed = stateSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `unexpected shape at ${issue?.path.join('.') || 'the top'}`;
}

export function readStateFile(file: string): RuntimeState | undefined {
  if (!existsSync(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw unreadable(file, (error as NodeJS.ErrnoException).code ?? 'unreadable');
  }
  const state = problemOf(text);
  if (typeof state === 'string') throw unreadable(file, state);
  return state;
}

function unreadable(file: string, reason: string): EnrichRunError {
  return new EnrichRunError(
    `The state file ${file} cannot be read (${reason}): delete it or pick another with --state.`,
  );
}

export function writeStateFile(file: string, state: RuntimeState): void {
  writeFileSync(file, JSON.stringify(withoutSecrets(state)));
}
