/**
 * The playground's HTTP surface: the page and the sidebar, the page's own calls (/__api), the
 * google.script.run bridge (/__rpc), and the JSON automation API the browser tests use (/__test).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseCsv } from '../../scripts/lib/csv';
import type { WebAssets } from './assets';
import type { CallAnswer } from './protocol';
import type { PlaygroundSession, ResetOptions } from './session';

interface SheetBody {
  name: string;
  values?: unknown[][];
  csv?: string;
  activate?: boolean;
}

interface SelectionBody {
  sheet?: string;
  ranges: string | string[];
}

const asList = (ranges: string | string[]): string[] => (Array.isArray(ranges) ? ranges : [ranges]);

/** Harness-side actions answer like a server call, so the page handles both the same way. */
function attempt(reply: FastifyReply, action: () => void): CallAnswer {
  try {
    action();
    return { ok: true };
  } catch (error) {
    void reply.code(400);
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function registerRoutes(app: FastifyInstance, session: PlaygroundSession, assets: WebAssets): void {
  app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(assets.page));
  app.get('/app.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(assets.script));
  app.get('/favicon.ico', (_request, reply) => reply.code(204).send());
  app.get('/app.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(assets.style));
  app.get('/sidebar', (_request, reply) => {
    const content = session.sidebarContent();
    if (content === undefined)
      return reply.code(404).type('text/plain').send('The add-on has not shown a sidebar.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(assets.withBridge(content));
  });

  app.post<{ Params: { name: string }; Body: { args?: unknown[] } }>('/__rpc/:name', (request) =>
    session.run(request.params.name, request.body?.args ?? []),
  );

  app.get('/__api/state', () => session.state());
  app.post<{ Body: { handler: string } }>('/__api/menu', (request) => session.run(request.body.handler, []));
  app.post('/__api/sidebar/close', (_request, reply) => attempt(reply, () => session.closeSidebar()));
  app.post<{ Body: { sheet: string } }>('/__api/activate', (request, reply) =>
    attempt(reply, () => session.activate(request.body.sheet)),
  );
  app.post<{ Body: { sheet: string; row: number; column: number; value: string } }>(
    '/__api/cell',
    (request, reply) =>
      attempt(reply, () => {
        const { sheet, row, column, value } = request.body;
        session.editCell(sheet, row, column, value);
      }),
  );

  app.post<{ Body: { sheet: string; edits: { row: number; column: number; value: string }[] } }>(
    '/__api/cells',
    (request, reply) => attempt(reply, () => session.editCells(request.body.sheet, request.body.edits)),
  );
  app.post<{ Body: { sheet: string; rows: { row: number; numRows: number }[] } }>(
    '/__api/rows/delete',
    (request, reply) => attempt(reply, () => session.deleteRows(request.body.sheet, request.body.rows)),
  );
  // The clock control: move the add-on's time forward, or run the hourly trigger now.
  app.post<{ Body: { advanceMs: number } }>('/__api/clock', (request, reply) =>
    attempt(reply, () => session.advanceClock(Number(request.body.advanceMs))),
  );
  app.post('/__api/trigger', (): CallAnswer => {
    const failures = session.runHourlyTrigger();
    return failures.length ? { ok: false, message: `Trigger failed: ${failures.join('; ')}` } : { ok: true };
  });

  const select = (body: SelectionBody, reply: FastifyReply) =>
    attempt(reply, () => session.select(asList(body.ranges), body.sheet));
  app.post<{ Body: SelectionBody }>('/__api/selection', (request, reply) => select(request.body, reply));

  app.post<{ Body: ResetOptions | undefined }>('/__test/reset', (request, reply) =>
    attempt(reply, () => session.reset(request.body ?? {})),
  );
  app.post<{ Body: SheetBody }>('/__test/sheet', (request, reply) =>
    attempt(reply, () => {
      const { name, values, csv, activate } = request.body;
      session.loadSheet({ name, values: values ?? parseCsv(csv ?? '') });
      if (activate !== false) session.activate(name);
    }),
  );
  app.get<{ Params: { name: string } }>('/__test/sheet/:name', (request, reply) => {
    const sheet = session.readSheet(request.params.name);
    return sheet ?? reply.code(404).send({ ok: false, message: `No sheet named "${request.params.name}".` });
  });
  app.post<{ Body: SelectionBody }>('/__test/selection', (request, reply) => select(request.body, reply));
  app.post<{ Body: { name: string; args?: unknown[] } }>('/__test/call', (request) =>
    session.run(request.body.name, request.body.args ?? []),
  );
  app.get('/__test/state', () => ({
    ...session.state(),
    apiBaseUrl: session.apiBaseUrl,
    triggers: session.runtime.triggers(),
    triggerFailures: session.runtime.triggerFailures().map((failure) => ({
      handler: failure.handler,
      error: String(failure.error),
    })),
  }));
}
