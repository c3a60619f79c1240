/**
 * Runs shell commands side by side (`node scripts/parallel.cjs "tsc -p a" "eslint ."`) and fails if
 * any fails. Each command's output is printed whole when it ends, under its command line, so that
 * outputs do not interleave. For the checks of `npm test`: tsc, eslint and prettier each use one
 * core, and one after another they left the second core idle.
 */
const { spawn } = require('node:child_process');

const commands = process.argv.slice(2);
if (commands.length === 0) {
  process.stderr.write('usage: node scripts/parallel.cjs "command" ["command"...]\n');
  process.exit(2);
}

const runs = commands.map(
  (command) =>
    new Promise((done) => {
      const started = Date.now();
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const outcome = code === 0 ? 'ok' : `failed (${signal ?? `exit code ${code}`})`;
        process.stdout.write(`> ${command}: ${outcome} in ${seconds} s\n${Buffer.concat(output)}`);
        done(code === 0);
      });
    }),
);

Promise.all(runs).then((results) => {
  process.exitCode = results.every(Boolean) ? 0 : 1;
});
