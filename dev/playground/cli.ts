/**
 * `npm start`: the playground. Options: --port N (default 8080, 0 = any free port), --host H (default
 * 127.0.0.1; 0.0.0.0 to reach it from outside a container), --api-url URL and --api-key KEY (a real
 * API instead of the emulator), --job-ms N (how long an emulated job takes), --credits N (the
 * emulator's starting balance: a small one lets running out of credits be tried), --data FILE (extra
 * people and companies for the emulator, its --data format: your own contacts to try).
 */
import { parseArgs } from 'node:util';
import { startPlayground } from './playground';

const USAGE = `Usage: npm start -- [--port 8080] [--host 127.0.0.1] [--api-url URL --api-key KEY] [--job-ms 3000] [--credits 10000] [--data FILE]`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} needs a whole number, got "${value}".`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-url': { type: 'string' },
      'api-key': { type: 'string' },
      'job-ms': { type: 'string' },
      credits: { type: 'string' },
      data: { type: 'string' },
      // Tests: the playground ends with its parent (stdin closes when the parent dies).
      'exit-with-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values['api-url'] && !values['api-key']) throw new Error('--api-url needs --api-key too.');
  if (values['api-url'] && (values.credits || values.data))
    throw new Error('--credits and --data set up the emulator: not with --api-url.');
  const playground = await startPlayground({
    port: numberOption(values.port, 'port') ?? 8080,
    host: values.host,
    apiUrl: values['api-url'],
    apiKey: values['api-key'],
    jobMs: numberOption(values['job-ms'], 'job-ms'),
    credits: numberOption(values.credits, 'credits'),
    dataFile: values.data,
  });
  const source = playground.api.emulated
    ? `the API emulator at ${playground.api.baseUrl}`
    : playground.api.baseUrl;
  console.log(`Sheet Enrich playground: ${playground.url}`);
  console.log(`Calls go to ${source}. Press Ctrl+C to stop.`);
  const stop = () => {
    void playground.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (values['exit-with-stdin']) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

main().catch((error: unknown) => {
  const busy = (error as { code?: string }).code === 'EADDRINUSE';
  console.error(
    busy
      ? 'That port is in use (another playground?): pick another with --port, or --port 0 for any free port.'
      : error instanceof Error
        ? error.message
        : error,
  );
  console.error(USAGE);
  process.exit(1);
});
