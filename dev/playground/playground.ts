/**
 * startPlayground: the API (the emulator in a child process, or a real API), the local Apps Script
 * runtime with the demo sheet, the web server, and the timer that fires time-driven triggers.
 */
import Fastify from 'fastify';
import { spawnEmulator } from '../emulator/spawn';
import { loadWebAssets } from './assets';
import { demoContacts, demoEmails, demoFormulas } from './demo';
import { registerRoutes } from './routes';
import { PlaygroundSession, type ApiTarget } from './session';

export interface PlaygroundOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  host?: string;
  /** A real API instead of the emulator (with apiKey). */
  apiUrl?: string;
  apiKey?: string;
  /** The emulator's job duration. Default 3,000 ms. */
  jobMs?: number;
  /** The emulator's starting balance (its default: 10,000). */
  credits?: number;
  /** Extra people and companies for the emulator (its `--data FILE` format). */
  dataFile?: string;
  /** How often time-driven triggers run. Default 2,000 ms. */
  triggerMs?: number;
}

export interface Playground {
  url: string;
  api: ApiTarget & { emulated: boolean };
  session: PlaygroundSession;
  close(): Promise<void>;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const emulator = options.apiUrl
    ? undefined
    : await spawnEmulator({
        jobMs: options.jobMs ?? 3000,
        ...(options.credits !== undefined ? { credits: options.credits } : {}),
        ...(options.dataFile ? { dataFile: options.dataFile } : {}),
        ...(options.apiKey ? { keys: [options.apiKey] } : {}),
      });
  try {
    const api: ApiTarget = emulator
      ? { baseUrl: emulator.baseUrl, apiKey: emulator.apiKey }
      : { baseUrl: options.apiUrl!, apiKey: options.apiKey ?? '' };
    const session = new PlaygroundSession(api, [demoContacts(), demoEmails(), demoFormulas()]);
    const app = Fastify({ logger: false, forceCloseConnections: true });
    registerRoutes(app, session, await loadWebAssets());
    const host = options.host ?? '127.0.0.1';
    await app.listen({ port: options.port ?? 8080, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const triggers = setInterval(() => {
      for (const failure of session.pumpTriggers()) console.warn(`Trigger failed: ${failure}`);
    }, options.triggerMs ?? 2000);
    return {
      url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
      api: { ...api, emulated: emulator !== undefined },
      session,
      async close() {
        clearInterval(triggers);
        await app.close();
        session.close();
        await emulator?.stop();
      },
    };
  } catch (error) {
    await emulator?.stop();
    throw error;
  }
}
