// @ts-check
/**
 * Runs on a worker thread: sends the HTTP requests UrlFetchApp asked for while the add-on's thread
 * blocks in Atomics.wait. Answers go back through the MessagePort, then the flag is raised.
 * Plain JS so that Node loads it without a TypeScript loader (jest, tsx and the CLI alike).
 */
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { workerData } from 'node:worker_threads';

/** @type {{ port: import('node:worker_threads').MessagePort, flag: Int32Array }} */
const { port, flag } = workerData;
const MAX_REDIRECTS = 10;

/**
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: Uint8Array, followRedirects: boolean, timeoutMs: number }} request
 * @param {number} redirectsLeft
 * @returns {Promise<object>}
 */
function send(url, request, redirectsLeft = MAX_REDIRECTS) {
  return new Promise((resolve) => {
    let target;
    try {
      target = new URL(url);
    } catch {
      resolve({ error: 'invalid', url });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      { method: request.method, headers: request.headers, rejectUnauthorized: false },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', () => resolve({ error: 'unavailable', url }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (request.followRedirects && location && status >= 301 && status <= 308 && redirectsLeft > 0) {
            const keepsBody = status === 307 || status === 308;
            const headers = Object.fromEntries(
              Object.entries(request.headers).filter(
                ([name]) => keepsBody || name.toLowerCase() !== 'content-type',
              ),
            );
            const next = keepsBody ? request : { ...request, headers, method: 'GET', body: undefined };
            resolve(send(new URL(location, target).toString(), next, redirectsLeft - 1));
            return;
          }
          resolve({ status, rawHeaders: res.rawHeaders, body: new Uint8Array(Buffer.concat(chunks)) });
        });
      },
    );
    req.setTimeout(request.timeoutMs, () => {
      req.destroy();
      resolve({ error: 'timeout', url });
    });
    req.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      const dns = error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN';
      resolve({ error: dns ? 'dns' : 'unavailable', url });
    });
    if (request.body) req.write(request.body);
    req.end();
  });
}

/**
 * Records an answer the moment it arrives, while the batch may still wait for slower ones and the
 * add-on's thread has seen none of them: a process killed in between keeps what arrived.
 * @param {{ journal?: { file: string, key: string } }} request
 * @param {any} answer
 */
function journal(request, answer) {
  if (!request.journal || answer.status === undefined) return answer;
  const body = Buffer.from(answer.body).toString('utf8');
  const line = JSON.stringify({ key: request.journal.key, status: answer.status, body });
  appendFileSync(request.journal.file, `${line}\n`);
  return answer;
}

/** @param {any} request */
const answer = (request) => send(request.url, request).then((reply) => journal(request, reply));

port.on('message', async (/** @type {{ id: number, requests: any[], inOrder?: boolean }} */ message) => {
  const responses = [];
  // In order (a seeded runtime): the server meets the requests in one order on every replay.
  if (message.inOrder) for (const request of message.requests) responses.push(await answer(request));
  else responses.push(...(await Promise.all(message.requests.map(answer))));
  port.postMessage({ id: message.id, responses });
  Atomics.store(flag, 0, message.id);
  Atomics.notify(flag, 0);
});
