/**
 * The API's pace (issue 39, src/api/pace.ts) against the emulator's rate limit: a run learns the
 * window from its first 429s, then sends no more than each window lets through, and polls each job
 * once, when it can be answered; the next run of the same user meets no 429 at all. Counts, not
 * times: the windows run on the runtime's clock, which the pump moves to each window's end.
 */
import { contactRows, engineKit, people, planAndStart, settle, SHEET } from './support/engine';

const kit = engineKit();

async function requests(): Promise<{ refused: number; answered: number }> {
  const stats = await kit.emulator().admin.stats();
  const refused = Object.values(stats.requests).reduce((sum, byStatus) => sum + (byStatus['429'] ?? 0), 0);
  return { refused, answered: stats.total_requests - refused };
}

describe('the API’s pace', () => {
  it('learns the window from one batch of 429s, then meets none: a start and a poll a job', async () => {
    await kit.emulator().admin.config({ rateLimit: 5 });
    const addon = kit.open(contactRows(people(1800)));
    addon.setSelection('A2:D1201', SHEET);
    const first = planAndStart(addon);
    expect((await settle(addon, first.start.runId)).state).toBe('finished');
    const learnt = await requests();
    // 1 balance + 12 starts + 12 polls. Without pacing: about 70 429s and 97 requests.
    expect(learnt.answered).toBeLessThanOrEqual(25 + 1);
    // The first start batch (12 jobs) is where the window is learnt: 4 of its starts got through.
    expect(learnt.refused).toBeLessThanOrEqual(8);
    expect(addon.counts.urlfetch).toBe(learnt.answered + learnt.refused);

    // The same user's next run, at once: the window is known from the start, and the plan's
    // balance, which the full window has no room for, is not sent.
    addon.setSelection('A1202:D1801', SHEET);
    const second = planAndStart(addon);
    expect((await settle(addon, second.start.runId)).state).toBe('finished');
    const after = await requests();
    expect(after.refused).toBe(learnt.refused);
    // 1 balance + 6 starts + 6 polls.
    expect(after.answered - learnt.answered).toBeLessThanOrEqual(13 + 1);
  });
});
