/**
 * What `npm run enrich` and `npm run search` share around their flow: reading the input file, the API
 * (given, or a built-in emulator started for the run) and the exit codes with their one-line messages.
 */
import { readFileSync } from 'node:fs';
import { spawnEmulator } from '../../dev/emulator/spawn';
import { EnrichRunError, UsageError } from './run-error';

/** The file's bytes; a missing or unreadable file is one line naming it. */
export function readInputFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnrichRunError(
      code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file} (${code ?? 'error'}).`,
    );
  }
}

export interface ApiTarget {
  baseUrl: string;
  apiKey: string;
  /** Stops the built-in emulator; nothing for an API given on the command line. */
  stop(): Promise<void>;
}

/** The API of the command line, or else the built-in emulator (demo key, default world), said on stderr. */
export async function apiTarget(options: { apiUrl?: string; apiKey?: string }): Promise<ApiTarget> {
  if (options.apiUrl !== undefined && options.apiKey !== undefined) {
    return { baseUrl: options.apiUrl, apiKey: options.apiKey, stop: async () => {} };
  }
  const emulator = await spawnEmulator({});
  process.stderr.write(`Using the built-in emulator at ${emulator.baseUrl}\n`);
  return { baseUrl: emulator.baseUrl, apiKey: emulator.apiKey, stop: () => emulator.stop() };
}

/**
 * Runs a command's main and sets the exit code: what it returns; 2 with one line for a problem the
 * user can fix (EnrichRunError; the usage text follows a UsageError); 1 with one line for anything
 * else. Never a stack trace, and never the key: it lives only in user properties.
 */
export function runCommand(main: (argv: string[]) => Promise<number>, usage: string): void {
  const fail = (error: unknown): number => {
    if (!(error instanceof EnrichRunError)) throw error;
    process.stderr.write(`sheet-enrich: ${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${usage}\n`);
    return 2;
  };
  main(process.argv.slice(2))
    .catch(fail)
    .then(
      (code) => (process.exitCode = code),
      (error: unknown) => {
        process.stderr.write(`sheet-enrich: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
