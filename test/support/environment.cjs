/**
 * Jest's node environment, on an ordinary global object. jest-environment-node makes each test file's
 * global with `vm.createContext()`, which contextifies it: every global name the file reads (`Math`,
 * `Map`, `JSON`, `Buffer`…) then goes through an interceptor that asks the host object first, several
 * times slower than a local. Node ≥ 20.18 can make the context's global an ordinary object
 * (vm.constants.DONT_CONTEXTIFY, as dev/gas/runtime.ts does for the add-on's own context); the file
 * keeps its own realm and built-ins. Measured (docs/testing.md): nine integration and unit files,
 * 17.1 and 17.8 CPU-s with jest's environment, 15.8 and 14.7 with this one. Older Node keeps jest's.
 */
const { rmSync } = require('node:fs');
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

/** The folders test/support/temp-dir.ts made in this file (the same Symbol.for key). */
const TEMP_DIRS = Symbol.for('sheet-enrich.test-temp-dirs');

/**
 * What the worker keeps from file to file (test/support/worker-slots.ts): this module is loaded once
 * per jest worker process, so every file it runs gets this same Map.
 */
const WORKER_SLOTS = new Map();

const ORDINARY_GLOBAL = vm.constants ? vm.constants.DONT_CONTEXTIFY : undefined;

class OrdinaryGlobalEnvironment extends TestEnvironment {
  constructor(config, context) {
    // jest-environment-node calls vm.createContext() in its constructor, and only there.
    const createContext = vm.createContext;
    if (ORDINARY_GLOBAL !== undefined) vm.createContext = () => createContext(ORDINARY_GLOBAL);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
    this.global[Symbol.for('sheet-enrich.worker-slots')] = WORKER_SLOTS;
  }

  /** After the file's last hook, passed or failed: the temporary folders it made (temp-dir.ts) go. */
  async teardown() {
    const dirs = this.global?.[TEMP_DIRS] ?? [];
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await super.teardown();
  }
}

module.exports = OrdinaryGlobalEnvironment;
