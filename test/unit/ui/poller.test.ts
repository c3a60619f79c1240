import { createPoller, PEEK_INTERVAL_MS, POLL_INTERVAL_MS } from '../../../sidebar/poller';
import type { ProgressView } from '../../../src/app/sidebar-contract';

const pending: ProgressView = { runs: [], pending: true };

describe('the Jobs panel poller', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('asks the API every 5 s and reads the stored progress in between, so answers show within 2 s', async () => {
    const calls: string[] = [];
    const at = () => Date.now() - 1_000_000;
    const poller = createPoller({
      poll: async () => (calls.push(`poll@${at()}`), pending),
      peek: async () => (calls.push(`peek@${at()}`), pending),
      onView: () => undefined,
      onError: (error) => {
        throw error;
      },
    });
    poller.start();
    for (let elapsed = 0; elapsed < 2 * POLL_INTERVAL_MS; elapsed += 500)
      await jest.advanceTimersByTimeAsync(500);
    poller.stop();
    expect(PEEK_INTERVAL_MS).toBeLessThan(POLL_INTERVAL_MS);
    expect(calls).toEqual([
      'poll@0',
      'peek@2000',
      'peek@4000',
      'poll@5000',
      'peek@7000',
      'peek@9000',
      'poll@10000',
    ]);
  });

  it('without a peek, polls every 5 s as before', async () => {
    const calls: number[] = [];
    const poller = createPoller({
      poll: async () => (calls.push(Date.now() - 1_000_000), pending),
      onView: () => undefined,
      onError: () => undefined,
    });
    poller.start();
    await jest.advanceTimersByTimeAsync(10_000);
    poller.stop();
    expect(calls).toEqual([0, 5000, 10000]);
  });
});
