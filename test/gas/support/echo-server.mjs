// A small HTTP server for UrlFetchApp tests. It runs in a child process because the test's own
// thread blocks (Atomics.wait) while a fetch is in flight and could not answer.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';

/** `/answered` requests answered so far: a request reads how many had been when it arrived. */
let answered = 0;

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const delay = Number(url.searchParams.get('delay') ?? 0);
    const status = Number(url.searchParams.get('status') ?? 200);
    if (url.pathname === '/when-written') {
      // Answers once `file` holds `text` (or after 5 s): whether another answer of the same batch
      // was recorded before this one was sent.
      const file = url.searchParams.get('file') ?? '';
      const text = url.searchParams.get('text') ?? '';
      const since = Date.now();
      const check = () => {
        const seen = existsSync(file) && readFileSync(file, 'utf8').includes(text);
        if (!seen && Date.now() - since < 5000) return void setTimeout(check, 10);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ query: seen ? 'seen' : 'not seen' }));
      };
      return check();
    }
    const answeredBefore = answered;
    setTimeout(() => {
      if (url.pathname === '/answered') {
        answered += 1;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ query: String(answeredBefore) }));
        return;
      }
      if (url.pathname === '/redirect') {
        res.writeHead(302, { Location: '/echo?redirected=1' });
        res.end();
        return;
      }
      if (url.pathname === '/text') {
        res.writeHead(status, { 'Content-Type': 'text/plain', 'X-Multi': ['a', 'b'] });
        res.end(url.searchParams.get('body') ?? '');
        return;
      }
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          path: url.pathname,
          query: url.search,
          headers: req.headers,
          body,
        }),
      );
    }, delay);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
