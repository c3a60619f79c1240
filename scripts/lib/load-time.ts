/**
 * The load time of dist/Code.js: what Apps Script pays at the start of every execution, custom-function
 * calls included, before any entry point runs. Each round compiles the whole file and runs its top
 * level in a fresh context, as an execution does; the figure is the median of the rounds, in CPU
 * time: on a shared machine wall time mostly measures the wait for a core (medians of 5 to 24 ms
 * for one file under load, where its CPU time stayed within 4.8 to 6.2 ms).
 *
 * V8 caches a compilation per source text, and a cached compile would measure nothing: every round
 * appends its own comment, so each compiles from scratch.
 */
import vm from 'node:vm';

/** Median CPU milliseconds to compile and run `code` in a fresh context, over `rounds` rounds. */
export function loadTimeMs(code: string, rounds = 30): number {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const context = vm.createContext({});
    const source = `${code}\n// round ${round} ${Math.random()}\n`;
    const started = process.cpuUsage();
    new vm.Script(source).runInContext(context);
    const spent = process.cpuUsage(started);
    times.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
