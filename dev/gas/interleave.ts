/**
 * Custom functions run at once: "each time a custom function is used in a spreadsheet, Google
 * Sheets makes a separate call to the Apps Script server" (https://developers.google.com/apps-script/guides/sheets/functions),
 * and Sheets sends many of those calls together. Here each one runs on its own thread
 * (interleave-worker.ts), up to `atOnce` of them at a time, and each stops before every service
 * call it makes (properties, cache, lock, spreadsheet reads, UrlFetch…). The harness thread then
 * lets one of the stopped functions make its call and run on to its next one, chosen by a
 * generator seeded by `seed`: any order of service calls between the running functions can
 * happen, not only one function's whole run inside another's, and one seed always makes the same
 * one. The calls themselves run here, on the fakes, through the execution's own membrane (its
 * limits, counts, quotas and custom-function rules), one at a time as a single-threaded harness must.
 * A function asking for a lock another running one holds waits (it is not picked) until the holder
 * lets go, as tryLock and waitLock wait in Apps Script; when every one waits, the lock's own
 * timeout ends it (lock.ts).
 */
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { seededRandom } from './cache';
import { LOCK_HOLDER, type FakeLock } from './lock';
import { isGasObject } from './membrane';
import type { CustomFunctionOutcome } from './recalc';
import type { Execution } from './runtime';
import { WORKER_SOURCE } from './interleave-worker';

export interface InterleaveOptions {
  seed: number;
  /** How many run at once at most (default 10); each counts against the user's 30 executions. */
  atOnce?: number;
}

/** What a worker says; see interleave-worker.ts. */
type FromWorker =
  | { type: 'get'; id: number; key: string }
  | { type: 'call'; id: number; key: string; args: unknown[] }
  | { type: 'done'; value: unknown }
  | { type: 'failed'; error: { name: string; message: string } }
  | { type: 'missing' };

type Blocked = Extract<FromWorker, { type: 'call' | 'done' | 'failed' | 'missing' }>;

/** One custom function on its way: its execution here, and the fakes its thread holds handles of. */
interface Task {
  index: number;
  execution: Execution;
  objects: Map<number, object>;
  ids: WeakMap<object, number>;
  /** Where it stopped: before a service call, or at its end. */
  at: Blocked;
}

/** A worker thread and the channel the harness talks to it over, synchronously. */
class Lane {
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly flags: Int32Array;
  task?: Task;

  constructor(
    gasLocal: string,
    clockSource: string,
    private readonly now: () => number,
  ) {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(8);
    this.flags = new Int32Array(signal);
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal, gasLocal, clockSource },
      transferList: [port2],
    });
    // The harness talks to the thread synchronously (Atomics.wait), so nothing here needs the thread
    // to hold the event loop; ref'd, a thread still terminating after close() (terminate() is async)
    // kept a jest worker up past its exit ("a worker process has failed to exit gracefully").
    this.worker.unref();
  }

  /** Sends `message` with the harness clock (the worker's Date reads it until the next answer). */
  send(message: object): void {
    this.port.postMessage({ ...message, now: this.now() });
    Atomics.add(this.flags, 1, 1);
    Atomics.notify(this.flags, 1);
  }

  receive(): FromWorker {
    let seen = Atomics.load(this.flags, 0);
    for (;;) {
      const got = receiveMessageOnPort(this.port);
      if (got) return got.message as FromWorker;
      // Bounded, far above any gap between two messages: a dead worker must not hang the harness.
      if (Atomics.wait(this.flags, 0, seen, 120_000) === 'timed-out')
        throw new Error('A custom-function thread stopped answering (dev/gas interleave).');
      seen = Atomics.load(this.flags, 0);
    }
  }

  close(): void {
    this.send({ type: 'stop' });
    this.port.close();
    void this.worker.terminate();
  }
}

export interface ConcurrentRun {
  distDir: string;
  gasLocal: string;
  clockSource: string;
  now: () => number;
  /** Counts a custom function that ran (one the project defines). */
  ran: () => void;
  /** A custom-function execution of the project, its code left unloaded (the thread loads it). */
  start: () => Execution;
}

/** Runs every call at once, interleaved at service calls; their outcomes in the same order. */
export function runConcurrently(
  calls: readonly { name: string; args: unknown[] }[],
  options: InterleaveOptions,
  run: ConcurrentRun,
): CustomFunctionOutcome[] {
  const outcomes: CustomFunctionOutcome[] = new Array(calls.length);
  const random = seededRandom(options.seed);
  const lanes = Array.from(
    { length: Math.min(options.atOnce ?? 10, calls.length) },
    () => new Lane(run.gasLocal, run.clockSource, run.now),
  );
  let next = 0;

  /** Gives the lane the next call, if any, and runs it to its first service call. */
  const startOn = (lane: Lane): void => {
    while (next < calls.length) {
      const index = next++;
      let execution: Execution;
      try {
        execution = run.start();
      } catch (error) {
        outcomes[index] = { error }; // too many running at once: Sheets shows the error in the cell
        continue;
      }
      const task: Task = {
        index,
        execution,
        objects: new Map(),
        ids: new WeakMap(),
        at: { type: 'missing' },
      };
      const globals = execution.globalNames().map((name) => {
        const service = execution.global(name);
        return { name, id: idOf(task, service), type: String(service) };
      });
      lane.send({
        type: 'start',
        name: calls[index]!.name,
        args: calls[index]!.args,
        globals,
        distDir: run.distDir,
      });
      lane.task = task;
      if (advance(lane)) return;
    }
    lane.task = undefined;
  };

  /** Runs the lane's function to its next service call (true), or to its end (false). */
  const advance = (lane: Lane): boolean => {
    const task = lane.task!;
    for (;;) {
      const message = lane.receive();
      if (message.type === 'get') lane.send(answerGet(task, message.id, message.key));
      else {
        task.at = message;
        if (message.type === 'call') return true;
        settle(task);
        return false;
      }
    }
  };

  const settle = (task: Task): void => {
    const { at, execution } = task;
    if (at.type !== 'missing') run.ran();
    const fatal = execution.guard.fatalError();
    outcomes[task.index] = fatal
      ? { error: fatal }
      : at.type === 'done'
        ? { value: fromWorker(task, at.value) }
        : at.type === 'failed'
          ? { error: Object.assign(new Error(at.error.message), { name: at.error.name }) }
          : undefined;
    execution.end();
  };

  try {
    for (const lane of lanes) startOn(lane);
    for (;;) {
      const stopped = lanes.filter((lane) => lane.task);
      if (stopped.length === 0) break;
      const running = new Set(stopped.map((lane) => lane.task!.execution.guard.id));
      const ready = stopped.filter((lane) => !waitsForLock(lane.task!, running));
      const pool = ready.length ? ready : stopped;
      const lane = pool[Math.floor(random() * pool.length)]!;
      const { at } = lane.task!;
      if (at.type !== 'call') throw new Error('interleave: a stopped task not at a call');
      lane.send(answerCall(lane.task!, at));
      if (!advance(lane)) startOn(lane);
    }
  } finally {
    for (const lane of lanes) {
      lane.task?.execution.end();
      lane.close();
    }
  }
  return outcomes;
}

/** True when the task is about to ask for a lock another running function holds. */
function waitsForLock(task: Task, running: ReadonlySet<number>): boolean {
  const { at, execution } = task;
  if (at.type !== 'call' || (at.key !== 'tryLock' && at.key !== 'waitLock')) return false;
  const lock = execution.hostOf(task.objects.get(at.id)!) as Partial<FakeLock>;
  const holder = lock[LOCK_HOLDER]?.();
  return holder !== undefined && holder !== execution.guard.id && running.has(holder);
}

function idOf(task: Task, object: object): number {
  let id = task.ids.get(object);
  if (id === undefined) {
    id = task.objects.size + 1;
    task.ids.set(object, id);
    task.objects.set(id, object);
  }
  return id;
}

/** A value from the fakes (through the membrane) as a worker can receive it. */
function toWorker(task: Task, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isGasObject(value)) return { __gas: idOf(task, value), type: String(value) };
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]')
    return new Date((value as Date).getTime());
  if (Array.isArray(value)) return value.map((item) => toWorker(task, item));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWorker(task, item)]));
}

/** A value a worker sent, its handles back to the membrane's objects. */
function fromWorker(task: Task, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => fromWorker(task, item));
  const id = (value as { __gas?: unknown }).__gas;
  if (typeof id === 'number') return task.objects.get(id);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromWorker(task, item)]));
}

const errorReply = (error: unknown) => ({
  type: 'error',
  error:
    typeof error === 'object' && error !== null && 'message' in error
      ? { name: String((error as Error).name), message: String((error as Error).message) }
      : { name: 'Error', message: String(error) },
});

/** A property read: a method (called later, as a service call) or a value. */
function answerGet(task: Task, id: number, key: string): object {
  try {
    const value: unknown = Reflect.get(task.objects.get(id)!, key);
    return typeof value === 'function' ? { type: 'method' } : { type: 'value', value: toWorker(task, value) };
  } catch (error) {
    return errorReply(error);
  }
}

/** A service call, through the execution's membrane: its guard counts and checks it. */
function answerCall(task: Task, call: { id: number; key: string; args: unknown[] }): object {
  try {
    const target = task.objects.get(call.id)! as Record<string, (...args: unknown[]) => unknown>;
    const result = target[call.key]!(...call.args.map((arg) => fromWorker(task, arg)));
    return { type: 'value', value: toWorker(task, result) };
  } catch (error) {
    return errorReply(error);
  }
}
