/**
 * The project's files (dist/Code.js), compiled once per process and run in each execution's fresh
 * context. gas-local read, decoded and compiled the bundle again for every execution; a fuzz case
 * runs about a hundred, and that was a tenth of its time. A `vm.Script` is compiled source, not a
 * realm: running it in a new context runs its top level again there, against that context's own
 * built-ins and globals, so every execution still starts from fresh module state, as in Apps Script
 * (which compiles a deployed version once, too). What gas-local did is kept: every `.js` file of the
 * folder and its subfolders, in directory order, named by its path in stack traces.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import vm from 'node:vm';

interface Compiled {
  /** Changes when the file is rewritten (a rebuild in the same process): it is compiled again. */
  stamp: string;
  script: vm.Script;
}

const compiled = new Map<string, Compiled>();
let compilations = 0;

/** How many times a project file was compiled in this process (test/gas/execution.test.ts). */
export function projectCompilations(): number {
  return compilations;
}

function projectFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) return projectFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

function scriptOf(path: string): vm.Script {
  const { mtimeNs, size, ino } = statSync(path, { bigint: true });
  const stamp = `${mtimeNs}:${size}:${ino}`;
  const known = compiled.get(path);
  if (known?.stamp === stamp) return known.script;
  const script = new vm.Script(readFileSync(path, 'utf8'), { filename: path });
  compiled.set(path, { stamp, script });
  compilations += 1;
  return script;
}

/** Runs the project's files in `context`, as Apps Script loads a project for each execution. */
export function runProject(distDir: string, context: vm.Context): void {
  for (const path of projectFiles(distDir.replace(/\/+$/, ''))) scriptOf(path).runInContext(context);
}
