/** LoadOptions.seed: a runtime whose randomness, ids, request order and clock replay (the fuzzer's). */
import { loadScript } from './support/script';
import { startTestServer, type TestServer } from './support/http-server';

const CODE = `
function draws() { return [Math.random(), Math.random(), Utilities.getUuid(), Date.now(), new Date().getTime()]; }
function order(base) {
  return UrlFetchApp.fetchAll([base + '/answered?delay=400', base + '/answered']).map(function (r) {
    return JSON.parse(r.getContentText()).query;
  });
}
`;

/** Two executions' draws, with a real pause between them. */
function twoExecutions(options: { seed?: number; now?: number }): unknown[][] {
  const addon = loadScript(CODE, options);
  const first = addon.call<unknown[]>('draws');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  const second = addon.call<unknown[]>('draws');
  addon.close();
  return [first, second];
}

describe('a seeded runtime (LoadOptions.seed)', () => {
  const NOW = Date.UTC(2026, 10, 29, 9);

  it('gives every execution the same Math.random, Utilities.getUuid and time on each replay', () => {
    const replayed = twoExecutions({ seed: 7, now: NOW });
    expect(twoExecutions({ seed: 7, now: NOW })).toEqual(replayed);
    const [first, second] = replayed as [unknown[], unknown[]];
    // One generator across executions: the second draws on from where the first stopped.
    expect(second[0]).not.toBe(first[0]);
    expect(first[2]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The clock stands still through real time; each execution starts a millisecond after the last.
    expect([first[3], first[4], second[3], second[4]]).toEqual([NOW + 1, NOW + 1, NOW + 2, NOW + 2]);
    expect(twoExecutions({ seed: 8, now: NOW })[0]![0]).not.toBe(first[0]);
  });

  it('leaves an unseeded runtime random, on real time', () => {
    const [first, second] = twoExecutions({ now: NOW }) as [number[], number[]];
    expect(twoExecutions({ now: NOW })[0]![0]).not.toBe(first[0]);
    expect(second[3]! - first[3]!).toBeGreaterThanOrEqual(20);
  });

  it('moves its still clock only when moved: advanceClock, Utilities.sleep, an execution 1 ms', () => {
    const addon = loadScript(`${CODE}\nfunction nap() { Utilities.sleep(1500); return Date.now(); }`, {
      seed: 1,
      now: NOW,
    });
    addon.advanceClock(60_000);
    expect(addon.call('nap')).toBe(NOW + 61_501);
    expect(addon.now()).toBe(NOW + 61_501);
    addon.close();
  });

  describe('fetchAll', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => server.stop());

    it('sends one request after another, in list order (the server meets one order)', () => {
      const options = { allowLoopback: true, fetchTimeoutMs: 2_000 };
      const seeded = loadScript(CODE, { ...options, seed: 1 });
      const [slow, next] = seeded.call<string[]>('order', server.baseUrl).map(Number);
      // The second left only once the first (400 ms late) was answered.
      expect(next).toBe(slow! + 1);
      const unseeded = loadScript(CODE, options);
      const [slowToo, nextToo] = unseeded.call<string[]>('order', server.baseUrl).map(Number);
      // Side by side, the second is answered while the first still waits.
      expect(nextToo).toBe(slowToo);
      seeded.close();
      unseeded.close();
    });
  });
});
