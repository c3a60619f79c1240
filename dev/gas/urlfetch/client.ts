/**
 * Synchronous HTTP for UrlFetchApp: the requests run on a worker thread while this thread blocks on
 * Atomics.wait, then the answers are read with receiveMessageOnPort. Because this thread blocks, the
 * server it talks to must live elsewhere (a child process, another worker), never on this thread.
 */
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  followRedirects: boolean;
  timeoutMs: number;
  /** Append the answer to this file the moment it arrives (LoadOptions.journalAnswers). */
  journal?: AnswerJournal;
}

/** Where an answer is recorded, under which key: one JSON line `{ key, status, body }`. */
export interface AnswerJournal {
  file: string;
  key: string;
}

export type WireResponse =
  | { status: number; rawHeaders: string[]; body: Uint8Array; error?: undefined }
  | { error: 'dns' | 'unavailable' | 'timeout' | 'invalid'; url: string };

/** Slack over the per-request timeout before this thread gives up on the worker itself. */
const WORKER_GRACE_MS = 5_000;

export class SyncHttpClient {
  private worker?: Worker;
  private port?: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private lastId = 0;

  /** Sends all requests concurrently (or, `inOrder`, each once the one before answered); answers come back in the order asked. */
  send(requests: WireRequest[], inOrder = false): WireResponse[] {
    const port = this.connect();
    const id = ++this.lastId;
    const timeouts = requests.map((r) => r.timeoutMs);
    const longest = inOrder ? timeouts.reduce((sum, ms) => sum + ms, 0) : Math.max(...timeouts);
    port.postMessage({ id, requests, inOrder });
    const deadline = Date.now() + longest + WORKER_GRACE_MS;
    for (;;) {
      // Read the flag before the port: an answer landing in between then ends the wait at once.
      const seen = Atomics.load(this.flag, 0);
      const message = receiveMessageOnPort(port)?.message as
        { id: number; responses: WireResponse[] } | undefined;
      if (message?.id === id) return message.responses;
      if (message) continue; // an answer to a request that already timed out
      const left = deadline - Date.now();
      if (left <= 0) return requests.map((r) => ({ error: 'timeout', url: r.url }));
      Atomics.wait(this.flag, 0, seen, left);
    }
  }

  close(): void {
    this.port?.close();
    void this.worker?.terminate();
    this.worker = undefined;
    this.port = undefined;
  }

  private connect(): MessagePort {
    if (this.port) return this.port;
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(join(__dirname, 'http-worker.mjs'), {
      workerData: { port: port2, flag: this.flag },
      transferList: [port2],
    });
    // Tests and the CLI exit without calling close(); an idle worker must not keep them alive.
    this.worker.unref();
    port1.unref();
    this.port = port1;
    return port1;
  }
}

let shared: SyncHttpClient | undefined;

/**
 * One HTTP worker for every runtime of the process. Starting a worker thread costs about 140 ms of
 * CPU (its module loading), and the fuzzer and the tests open a runtime per case: measured, that
 * was a quarter of a fuzz case's CPU. Runtimes share it safely: each `send` blocks this thread until
 * its own answers (matched by id) arrive, and the worker is unref'd, so it never keeps a process up.
 */
export function sharedHttpClient(): SyncHttpClient {
  return (shared ??= new SyncHttpClient());
}

/**
 * Ends the shared worker. A process that ends needs no call (the worker is unref'd), but one that
 * lives on does: each jest test file loads its own copy of this module, so without this every file
 * that fetched left an idle thread behind in its jest worker, holding that file's whole heap (through
 * the port), until the worker exited: 17 threads and 850 MB after 38 files, and a worker that
 * outlived jest's 500 ms for exiting ("failed to exit gracefully"). test/support/each-file.ts calls it
 * after every test file.
 */
export function closeSharedHttpClient(): void {
  shared?.close();
  shared = undefined;
}
