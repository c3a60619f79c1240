/**
 * The engine tests' emulator (support/engine.ts): one child per jest worker, restarted as new with
 * each file's keys, credits, job time and extra people (`admin.restart`) instead of a new child per
 * file (about 0.7 CPU-s each, docs/testing.md). Each describe here stands for a file.
 */
import { DEMO_KEY } from '../../dev/emulator/options';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { engineKit } from './support/engine';

const OWN_KEY = 'sk-own-Worker-0123';
const ADA = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_domain: 'acme.test',
  work_email: 'ada@acme.test',
};

async function balance(emulator: SpawnedEmulator, key: string): Promise<unknown> {
  const response = await fetch(`${emulator.baseUrl}/api/v2/account/credits`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return response.status === 200 ? ((await response.json()) as { balance: number }).balance : response.status;
}

let first: SpawnedEmulator;

describe('a file on the default start', () => {
  const kit = engineKit();
  it('gets the worker’s emulator with the demo key', async () => {
    first = kit.emulator();
    expect(first.apiKey).toBe(DEMO_KEY);
    expect(await balance(first, DEMO_KEY)).toBe(1_000_000);
  });
});

describe('a file with its own key, credits and people', () => {
  const kit = engineKit({ keys: [OWN_KEY], credits: 77, data: { people: [ADA] } });
  it('gets the same child, restarted as new with them', async () => {
    const emulator = kit.emulator();
    expect(emulator.pid).toBe(first.pid);
    expect(emulator.apiKey).toBe(OWN_KEY);
    expect(await balance(emulator, OWN_KEY)).toBe(77);
    expect(await balance(emulator, DEMO_KEY)).toBe(401);
    const started = await fetch(`${emulator.baseUrl}/api/v1/contact/enrich/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'ada',
        datas: [{ firstname: 'Ada', lastname: 'Lovelace', domain: 'acme.test' }],
      }),
    });
    expect(started.status).toBe(200);
    await emulator.admin.finishJob(((await started.json()) as { enrichment_id: string }).enrichment_id);
    expect((await emulator.admin.outcomes()).map((outcome) => outcome.work_emails)).toEqual([
      ['ada@acme.test'],
    ]);
  });
});
