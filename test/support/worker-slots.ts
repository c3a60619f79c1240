/**
 * What a jest worker keeps from one test file to the next. Each file has its own global object and
 * its own copy of every module; test/support/environment.cjs, loaded once per worker process, hands
 * every file of the worker the same Map under this key. What goes in must outlive its file safely:
 * nothing of it may hold the worker's event loop (jest ends an idle worker by letting it exit).
 */
export const WORKER_SLOTS = Symbol.for('sheet-enrich.worker-slots');

export function workerSlots(): Map<string, unknown> {
  const slots = (globalThis as { [WORKER_SLOTS]?: Map<string, unknown> })[WORKER_SLOTS];
  if (!slots)
    throw new Error('No worker slots: run the tests through jest.config.js (test/support/environment.cjs).');
  return slots;
}
