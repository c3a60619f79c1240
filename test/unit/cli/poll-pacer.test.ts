/** The CLI's wait between polls, learnt from what the polls find (scripts/lib/poll-pacer.ts). */
import { PACER_GROWTH, PACER_SHRINK, PollPacer } from '../../../scripts/lib/poll-pacer';

const BASE = 'http://127.0.0.1:9/api/v2/contact/enrich/bulk';
const polls = (ids: string[]) => ids.map((id) => ({ method: 'get', url: `${BASE}/${id}` }));
const wave = (name: string, size = 100) => Array.from({ length: size }, (_, i) => `${name}-${i}`);

describe('PollPacer', () => {
  it('shortens the wait while every job is answered at its first poll', () => {
    const pacer = new PollPacer({ initialMs: 2000 });
    expect(pacer.next()).toBe(2000); // nothing polled yet: nothing learnt
    for (let w = 0; w < 20; w++) {
      pacer.saw(polls(wave(`w${w}`)));
      pacer.next();
    }
    // 19 waves seen answered (the last one is judged at the next poll).
    expect(pacer.next()).toBeCloseTo(2000 * PACER_SHRINK ** 19, 6);
  });

  it('waits longer after a wave whose jobs were not ready at their first poll', () => {
    const pacer = new PollPacer({ initialMs: 1000 });
    pacer.saw(polls(wave('a')));
    expect(pacer.next()).toBe(1000);
    // Three of them are polled again: they were not ready after 1 s.
    pacer.saw(polls(['a-1', 'a-2', 'a-3', ...wave('b')]));
    expect(pacer.next()).toBe(1000 * PACER_GROWTH);
  });

  it('is not slowed by a stuck job polled again and again, nor by forced fetches', () => {
    const pacer = new PollPacer({ initialMs: 1000 });
    pacer.saw(polls(['stuck']));
    pacer.next();
    pacer.saw(polls(['stuck'])); // a miss of its first poll: the wait grows once
    const grown = pacer.next();
    expect(grown).toBe(1000 * PACER_GROWTH);
    for (let w = 0; w < 5; w++) {
      pacer.saw(polls(['stuck', ...wave(`w${w}`)]));
      pacer.saw([{ method: 'GET', url: `${BASE}/stuck?forceResults=true` }]);
      pacer.next();
    }
    expect(pacer.next()).toBeCloseTo(grown * PACER_SHRINK ** 4, 6);
  });

  it('ignores starts and account calls, and keeps the wait within its bounds', () => {
    const pacer = new PollPacer({ initialMs: 100, minMs: 250, maxMs: 400 });
    expect(pacer.next()).toBe(250);
    pacer.saw([
      { method: 'POST', url: 'http://x/api/v1/contact/enrich/bulk' },
      { method: 'GET', url: 'http://x/api/v2/account/credits' },
    ]);
    expect(pacer.next()).toBe(250);
    // Every job needs a second poll: the wait grows up to its bound.
    for (let w = 0; w < 10; w++) {
      pacer.saw(polls([`job${w}`, `job${w - 1}`]));
      pacer.next();
    }
    expect(pacer.next()).toBe(400);
  });
});
