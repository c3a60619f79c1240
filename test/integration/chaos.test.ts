/**
 * The chaos benchmark at CI size (`npm run chaos` runs 2,000 rows): every fault at once, and the
 * promises still hold — no answer lost or misplaced, nothing stored or charged twice, every row
 * with a final status, and the credits spent equal to charging each person once.
 */
import { runChaos } from '../../scripts/lib/chaos';

jest.setTimeout(120_000);

test('300 rows through every fault at once keep every promise', async () => {
  const { result, events } = await runChaos({ rows: 300, seed: 12 });
  expect(result).toMatchObject({
    rows: 300,
    lost: 0,
    misplaced: 0,
    written_twice: 0,
    charged_twice: 0,
    rows_without_final_status: 0,
  });
  expect(result.credits_spent).toBe(result.credits_minimum);
  expect(result.credits_minimum).toBeGreaterThan(500);
  // The run met the faults it claims to survive.
  expect(events.imported + events.retried).toBeGreaterThan(0);
  expect(events.kills).toBeGreaterThan(0);
  expect(events.columnInsertions).toBe(1);
  expect(events.sorts + events.deletions + events.insertions).toBeGreaterThan(0);
  expect(events.topUps).toBe(1);
  expect(events.answers['402']).toBeGreaterThan(0);
  expect((events.answers['500'] ?? 0) + (events.answers['503'] ?? 0)).toBeGreaterThan(0);
});
