/**
 * The CLI's state file: the local spreadsheet's stored state (ledger sheet, document and user
 * properties, triggers) between runs, so the same rows never cost credits twice. It is versioned and
 * parsed with zod: a file of another version or of the wrong shape gets one line and exit code 2.
 * It is written whole to a temporary file and renamed over the old one (a rename is atomic on one
 * file system), so a kill during a write leaves the previous state, never half of one.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import * as z from 'zod/mini';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { RuntimeState } from '../../dev/gas/harness';
import { EnrichRunError } from './run-error';

/** The version of RuntimeState this CLI reads and writes (dev/gas/state.ts). */
const STATE_VERSION = 1;

const strings = z.record(z.string(), z.string());
const storedValue = z.union([z.string(), z.number(), z.boolean(), z.object({ date: z.number() })]);
/**
 * Which API and workspace the state's jobs and answers belong to: a job started with one key is
 * polled with a key of its workspace only, so a state is refused to a key of another workspace.
 * Absent in files written before it (learned on their next run).
 */
export interface StateBinding {
  /** The --api-url, or BUILT_IN_API for the emulator a command starts for itself. */
  apiUrl?: string;
  workspace?: string;
  /** Where a command that did not finish the file stopped (enrich-stream.ts). */
  cursor?: StreamCursor;
}

/**
 * Slices 0..slice-1 are in the output, which then held outputBytes bytes; which output and which
 * input they are (output-cursor.ts). A cursor without them (an older version's) is not followed.
 */
export interface StreamCursor {
  slice: number;
  outputBytes: number;
  output?: { dev: number; ino: number; sha256: string };
  input?: { size: number; mtimeMs: number; sha256: string };
}

export const BUILT_IN_API = 'the built-in emulator';

/** What a state file holds: the runtime's state, and the CLI's binding beside it. */
export type StoredState = RuntimeState & { cli?: StateBinding };

const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  cli: z.optional(
    z.object({
      apiUrl: z.optional(z.string()),
      workspace: z.optional(z.string()),
      cursor: z.optional(
        z.object({
          slice: z.number(),
          outputBytes: z.number(),
          output: z.optional(z.object({ dev: z.number(), ino: z.number(), sha256: z.string() })),
          input: z.optional(z.object({ size: z.number(), mtimeMs: z.number(), sha256: z.string() })),
        }),
      ),
    }),
  ),
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
function problemOf(text: string): string | StoredState {
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

export function readStateFile(file: string): StoredState | undefined {
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

/**
 * Never "delete it" nor "another --state" (issue 39): a state names jobs that are paid for, and a
 * run without it would buy its rows again. What is safe: the version that wrote it, or a backup;
 * failing both, the jobs the provider's dashboard lists, imported by id (read, not bought).
 */
function unreadable(file: string, reason: string): EnrichRunError {
  const otherVersion = reason.startsWith('format version');
  return new EnrichRunError(
    `The state file ${file} cannot be read (${reason}). Keep it: it may name jobs that are paid for, and a run without it would buy its rows again. ${
      otherVersion
        ? 'Run the same command with the version of this tool that wrote it.'
        : "Put back a copy of it that reads, then run the same command again; without one, move it aside and run the same command with --import-job ID for each job of this file the provider's dashboard shows (their answers are read, not bought)."
    }`,
  );
}

/** Writes the state atomically (see the module comment); the binding is kept beside it. */
export function writeStateFile(file: string, state: RuntimeState, binding?: StateBinding): void {
  const { cli: _old, ...runtime } = state as StoredState;
  const stored: StoredState = { ...withoutSecrets(runtime), ...(binding ? { cli: binding } : {}) };
  writeAtomically(file, JSON.stringify(stored));
}

/** A temporary file beside the target (same file system), flushed to disk, then renamed over it. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/**
 * The binding a run may use, or a refusal: a state belongs to the API and workspace that wrote it.
 * `workspace` is the key's, when the run checked it.
 */
export function checkBinding(file: string, stored: StateBinding | undefined, now: StateBinding): void {
  if (stored?.apiUrl && now.apiUrl && stored.apiUrl !== now.apiUrl)
    throw new EnrichRunError(
      `The state file ${file} belongs to ${stored.apiUrl}, not ${now.apiUrl}: its jobs and saved answers are there. Run the same command with --api-url ${stored.apiUrl}.`,
    );
  if (stored?.workspace && now.workspace && stored.workspace !== now.workspace)
    throw new EnrichRunError(
      `The state file ${file} was written with a key of workspace ${stored.workspace}; this key belongs to ${now.workspace}. Its jobs can only be collected with a key of ${stored.workspace}: run the same command with one (SHEET_ENRICH_API_KEY). No job was polled or started with this key.`,
    );
}
