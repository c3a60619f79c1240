/**
 * Runs shell commands side by side and fails if any fails:
 *
 *   node scripts/parallel.cjs "tsc -p a" "eslint ."          each output printed whole when it ends
 *   node scripts/parallel.cjs --live "jest" "npm run check"  jest's output as it comes, the others
 *                                                           at a lower CPU priority (nice 10)
 *
 * tsc, eslint and prettier each use one core: one after another they left the second core idle, and
 * jest's files spend much of their time waiting on Chromium, the playground and the emulator. With
 * --live, the checks take only what the tests leave, so they do not slow (or time out) a test.
 * Buffered outputs never interleave: each is printed under its command line when that command ends.
 */
const { spawn } = require('node:child_process');

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const live = liveAt >= 0 ? args.splice(liveAt, 2)[1] : undefined;
if ((liveAt >= 0 && !live) || args.length + (live ? 1 : 0) === 0) {
  process.stderr.write('usage: node scripts/parallel.cjs [--live "command"] "command"...\n');
  process.exit(2);
}

function run(command, { buffered, nice }) {
  return new Promise((done) => {
    const started = Date.now();
    // nice on the shell, so that everything the command starts runs at the lower priority too.
    // Windows has neither nice nor sh: there the command runs at the usual priority.
    const child =
      nice && process.platform !== 'win32'
        ? spawn('nice', ['-n', '10', 'sh', '-c', command], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(command, { shell: true, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'ok' : `failed (${signal ?? `exit code ${code}`})`;
      // The live command's own output is left to end as it ends (jest's last line is its summary).
      if (buffered)
        process.stdout.write(`> ${command}: ${outcome} in ${seconds} s\n${Buffer.concat(output)}`);
      done(code === 0);
    });
  });
}

const runs = [
  ...(live ? [run(live, { buffered: false, nice: false })] : []),
  ...args.map((command) => run(command, { buffered: true, nice: Boolean(live) })),
];
Promise.all(runs).then((results) => {
  process.exitCode = results.every(Boolean) ? 0 : 1;
});
