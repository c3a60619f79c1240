/**
 * What `npm run enrich` and `npm run search` share around their flow: reading the input file, the API
 * (given, or a built-in emulator started for the run) and the exit codes with their one-line messages.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { spawnEmulator } from '../../dev/emulator/spawn';
import { EnrichRunError, inCliWords, UsageError } from './run-error';
import { scrub } from '../../src/api/scrub';

/** The file's bytes; a missing or unreadable file is one line naming it. */
export function readInputFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw unreadableInput(file, error);
  }
}

/** readInputFile's check without reading: a file streamed later must be there and readable now. */
export function checkInputFile(file: string): void {
  try {
    const fd = openSync(file, 'r');
    const directory = fstatSync(fd).isDirectory();
    closeSync(fd);
    if (directory) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
  } catch (error) {
    throw unreadableInput(file, error);
  }
}

function unreadableInput(file: string, error: unknown): EnrichRunError {
  const code = (error as NodeJS.ErrnoException).code;
  return new EnrichRunError(
    code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file} (${code ?? 'error'}).`,
  );
}

export interface Api {
  baseUrl: string;
  apiKey: string;
}

/**
 * Runs `work` against the API of the command line, or else against the built-in emulator (demo key,
 * default world), said on stderr and stopped when the work ends, however it ends.
 */
export async function withApi<T>(
  options: { apiUrl?: string; apiKey?: string },
  work: (api: Api) => Promise<T>,
): Promise<T> {
  if (options.apiUrl !== undefined && options.apiKey !== undefined) {
    scrubOutput(options.apiKey, process.stdout, process.stderr);
    return work({ baseUrl: options.apiUrl, apiKey: options.apiKey });
  }
  const emulator = await spawnEmulator({});
  process.stderr.write(`Using the built-in emulator at ${emulator.baseUrl}\n`);
  try {
    return await work(emulator);
  } finally {
    await emulator.stop();
  }
}

/**
 * Everything written to `streams` from now on goes through the add-on's own key scrubber
 * (src/api/scrub.ts): the CLI prints what the add-on says and its own messages, and neither may show
 * the key in any form (issue 28). Kept for the life of the process: the last error line comes after
 * the work.
 */
export function scrubOutput(apiKey: string, ...streams: NodeJS.WritableStream[]): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(
        typeof chunk === 'string' || Buffer.isBuffer(chunk) ? scrub(String(chunk), apiKey) : chunk,
        ...rest,
      )) as typeof stream.write;
  }
}

/**
 * Runs a command and sets the exit code: --help prints the usage; otherwise what `run` returns; 2
 * with one line for a problem the user can fix (EnrichRunError; the usage text follows a
 * UsageError); 1 with one line for anything else. Never a stack trace, and never the key: it lives
 * only in user properties.
 */
export function runCommand<O extends { help: boolean }>(
  usage: string,
  parse: (argv: string[]) => O,
  run: (options: O) => Promise<number>,
): void {
  const main = async (): Promise<number> => {
    const options = parse(process.argv.slice(2));
    if (!options.help) return run(options);
    process.stdout.write(`${usage}\n`);
    return 0;
  };
  const fail = (error: unknown): number => {
    if (!(error instanceof EnrichRunError)) throw error;
    process.stderr.write(`sheet-enrich: ${inCliWords(error.message)}\n`);
    if (error instanceof UsageError) process.stderr.write(`${usage}\n`);
    return error.exitCode;
  };
  main()
    .catch(fail)
    .then(
      (code) => (process.exitCode = code),
      (error: unknown) => {
        process.stderr.write(`sheet-enrich: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
