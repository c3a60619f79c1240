/**
 * The thread a concurrent custom function runs on (interleave.ts). It loads dist/Code.js into a
 * fresh context, as every execution does, whose Apps Script globals are stand-ins: each property
 * read and each method call goes to the harness thread, which owns every fake, and waits there for
 * the answer (Atomics.wait, then receiveMessageOnPort). A method call is where the harness may let
 * another custom function run first, so the function is stopped right before each service call.
 *
 * Plain JavaScript in a string, as the clock source of runtime.ts: a worker thread gets no
 * TypeScript loader. Messages, harness -> worker (each with the harness clock's `now`): start
 * {name, args, globals, distDir}, answer {value | error | method}, stop. Worker -> harness: get
 * {id, key}, call {id, key, args}, done {value}, failed {error}, missing. A fake object crosses as
 * {__gas: id, type}.
 */
export const WORKER_SOURCE = String.raw`
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const vm = require('node:vm');
const gasLocal = require(workerData.gasLocal);
const { port } = workerData;
const flags = new Int32Array(workerData.signal);

/**
 * The harness clock as of the last answer. It cannot move while this function runs: the others,
 * and anything that moves the clock, run only while this one waits at a service call.
 */
let clockNow = 0;

/** Sends a message and waits for the harness's answer. */
function ask(message) {
  let seen = Atomics.load(flags, 1);
  port.postMessage(message);
  Atomics.add(flags, 0, 1);
  Atomics.notify(flags, 0);
  return receive(seen);
}

function receive(seen) {
  for (;;) {
    const got = receiveMessageOnPort(port);
    if (got) {
      clockNow = got.message.now;
      return got.message;
    }
    Atomics.wait(flags, 1, seen);
    seen = Atomics.load(flags, 1);
  }
}

/** Which members of each kind of fake are methods (the same for every object of a kind). */
const methodNames = new Set();

function tell(message) {
  port.postMessage(message);
  Atomics.add(flags, 0, 1);
  Atomics.notify(flags, 0);
}

const ORDINARY = vm.constants && vm.constants.DONT_CONTEXTIFY;

function runOne(start) {
  const context = vm.createContext(ORDINARY === undefined ? {} : ORDINARY);
  const own = vm.runInContext('({ Array, Date, Object, Error })', context);
  vm.runInContext(workerData.clockSource, context)(() => clockNow);
  const proxies = new Map();
  const handles = new WeakMap();
  const failure = (error) => {
    const converted = new own.Error(error.message);
    if (error.name !== 'Error') converted.name = error.name;
    return converted;
  };
  const answer = (reply) => {
    if (reply.type === 'error') throw failure(reply.error);
    return into(reply.value);
  };
  const handle = (id, type) => {
    const known = proxies.get(id);
    if (known) return known;
    const methods = new Map();
    const proxy = new Proxy({}, {
      get(_target, key) {
        if (typeof key === 'symbol') return undefined;
        if (key === 'toString') return () => type;
        const method = methods.get(key);
        if (method) return method;
        if (!methodNames.has(type + '.' + key)) {
          const reply = ask({ type: 'get', id, key });
          if (reply.type !== 'method') return answer(reply);
          methodNames.add(type + '.' + key);
        }
        const call = (...args) => answer(ask({ type: 'call', id, key, args: args.map(out) }));
        methods.set(key, call);
        return call;
      },
      set: () => true,
      ownKeys: () => [],
      getOwnPropertyDescriptor: () => undefined,
    });
    proxies.set(id, proxy);
    handles.set(proxy, id);
    return proxy;
  };
  const into = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    if (value instanceof Date) return new own.Date(value.getTime());
    if (Array.isArray(value)) {
      const copy = new own.Array(value.length);
      for (let i = 0; i < value.length; i++) copy[i] = into(value[i]);
      return copy;
    }
    if (typeof value.__gas === 'number') return handle(value.__gas, value.type);
    const copy = new own.Object();
    for (const key of Object.keys(value)) copy[key] = into(value[key]);
    return copy;
  };
  const out = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const id = handles.get(value);
    if (id !== undefined) return { __gas: id };
    if (Object.prototype.toString.call(value) === '[object Date]') return new Date(value.getTime());
    if (Array.isArray(value)) return value.map(out);
    const copy = {};
    for (const key of Object.keys(value)) copy[key] = out(value[key]);
    return copy;
  };
  for (const global of start.globals) context[global.name] = handle(global.id, global.type);
  gasLocal.require(start.distDir, context, { filter: (path) => path.endsWith('.js') });
  const name = Object.keys(context).find(
    (key) => typeof context[key] === 'function' && key.toUpperCase() === start.name.toUpperCase(),
  );
  if (!name) return tell({ type: 'missing' });
  let result;
  try {
    result = context[name](...start.args.map(into));
  } catch (error) {
    const thrown = typeof error === 'object' && error !== null && 'message' in error;
    return tell({
      type: 'failed',
      error: thrown ? { name: String(error.name), message: String(error.message) } : { name: 'Error', message: String(error) },
    });
  }
  tell({ type: 'done', value: out(result) });
}

for (let seen = 0; ; seen = Atomics.load(flags, 1)) {
  const message = receive(seen);
  if (message.type === 'stop') break;
  try {
    runOne(message);
  } catch (error) {
    tell({ type: 'failed', error: { name: 'Error', message: 'worker: ' + String(error && error.stack || error) } });
  }
}
`;
