/**
 * `npm run emulator -- --port 8787 [flags]`: the API emulator on its own (flags in README.md).
 * Prints one line when ready: `Emulator ready at <baseUrl> key=<first key>` (spawn.ts waits for it).
 */
import { parseArgs } from 'node:util';
import { parseFaults } from './faults';
import { parseWorkspaceFlags } from './keyring';
import { DEMO_KEY, type EmulatorOptions } from './options';
import { createEmulator } from './server';
import { readExtraData } from './world/extra';

const USAGE = `Usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--key KEY]...
  [--workspace ID=KEY1,KEY2]... [--credits 10000]
  [--job-ms 3000] [--rate-limit 60] [--seed 1] [--minute-ms 60000] [--faults SPEC] [--data FILE]
  [--companies N] [--people N] [--clock-at MS]
--key: a workspace of its own per key; --workspace: keys sharing one workspace (balance, jobs, searches).
  Without either, the one key is ${DEMO_KEY}.
SPEC: comma-separated 5xx=P, 429=P, stuck=P (probabilities), latency=MS or MIN-MAX (e.g. 5xx=0.1,latency=50-300)`;

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} wants a non-negative integer, got "${value}"`);
  return n;
}

export function parseCliArgs(args: string[]): EmulatorOptions & { exitWithStdin: boolean } {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string' },
      key: { type: 'string', multiple: true },
      workspace: { type: 'string', multiple: true },
      credits: { type: 'string' },
      'job-ms': { type: 'string' },
      'rate-limit': { type: 'string' },
      seed: { type: 'string' },
      'minute-ms': { type: 'string' },
      faults: { type: 'string' },
      data: { type: 'string' },
      companies: { type: 'string' },
      people: { type: 'string' },
      'clock-at': { type: 'string' },
      // spawn.ts: the child ends with its parent (stdin closes when the parent dies).
      'exit-with-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const companies = integer('companies', values.companies);
  const people = integer('people', values.people);
  return {
    port: integer('port', values.port),
    host: values.host,
    // Absent flags stay undefined: resolveOptions gives the demo key only when neither was given.
    keys: values.key,
    workspaces: values.workspace === undefined ? undefined : parseWorkspaceFlags(values.workspace),
    credits: integer('credits', values.credits),
    jobMs: integer('job-ms', values['job-ms']),
    rateLimit: integer('rate-limit', values['rate-limit']),
    seed: integer('seed', values.seed),
    minuteMs: integer('minute-ms', values['minute-ms']),
    // Parsed here so a bad spec fails at start, with the flag's name.
    faults: values.faults === undefined ? undefined : (parseFaults(values.faults), values.faults),
    data: values.data === undefined ? undefined : readExtraData(values.data),
    worldSize: companies === undefined && people === undefined ? undefined : { companies, people },
    clockAt: integer('clock-at', values['clock-at']),
    exitWithStdin: values['exit-with-stdin'] ?? false,
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const emulator = createEmulator(options);
  const { baseUrl } = await emulator.listen();
  console.log(`Emulator ready at ${baseUrl} key=${emulator.apiKey}`);
  const stop = async () => {
    await emulator.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (options.exitWithStdin) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
