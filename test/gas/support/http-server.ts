/** Starts test/gas/support/echo-server.mjs in a child process and tells its base URL. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface TestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startTestServer(): Promise<TestServer> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'echo-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => {
      const port = Number(chunk.toString().trim());
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
