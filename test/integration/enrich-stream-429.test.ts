/**
 * A file enriched in slices meets the API's rate limit at a slice boundary (issue 32): the 429s are
 * waited out (Retry-After), and every row is answered, with nothing lost and nothing bought twice.
 * In process (scripts/lib/enrich-stream.ts), so the limit is switched on exactly when a slice has
 * been written, before the next one is planned.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnswersStore } from '../../scripts/lib/answers-store';
import { parseCsv } from '../../scripts/lib/csv';
import { openCsvSource } from '../../scripts/lib/csv-stream';
import { runCsvStream } from '../../scripts/lib/enrich-stream';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import { tempFile } from './support/cli';
import { contactRows, engineKit, FIELDS, people } from './support/engine';

const kit = engineKit({ jobMs: 300 });

describe('a 429 at a slice boundary', () => {
  afterEach(async () => {
    await kit.emulator().admin.config({ rateLimit: 0 });
  });

  it('is waited out: every row answered once, each slice bought once, the credits the API charged', async () => {
    const rows = contactRows(people(60));
    const file = tempFile('limited.csv', rows.join('\n'));
    const out = join(file, '..', 'limited.enriched.csv');
    const admin = kit.emulator().admin;
    const source = await openCsvSource(file, 20);
    const answers = AnswersStore.open(join(file, '..', 'limited.answers'));
    let slices = 0;
    try {
      const summary = await runCsvStream(source, {
        out,
        answers,
        bom: false,
        sheetName: 'limited',
        kind: 'enrich',
        fields: FIELDS,
        apiBaseUrl: kit.emulator().baseUrl,
        apiKey: kit.emulator().apiKey,
        pollMs: 100,
        // As the command line does: Retry-After is waited out for real.
        realTime: true,
        importJobs: [],
        saveState: () => undefined,
        onSlice: async () => {
          slices++;
          // After the first slice, one request per 1.5 s: the next slice's start and the polls of
          // the slice in flight meet 429s. After the second, the limit is lifted.
          if (slices === 1) await admin.config({ rateLimit: 1, minuteMs: 1_500 });
          if (slices === 2) await admin.config({ rateLimit: 0 });
        },
      });
      const stats = await admin.stats();
      const refused = Object.values(stats.requests).reduce((n, byStatus) => n + (byStatus['429'] ?? 0), 0);
      expect(refused).toBeGreaterThan(0);
      expect(summary.unfinished).toBe(0);
      expect(summary.state).toBe('finished');
      const written = outputRows(parseCsv(readFileSync(out, 'utf8')), 'enrich');
      expect(written).toHaveLength(60);
      expect(written.filter((row) => /^(found|not found)/.test(row.status ?? ''))).toHaveLength(60);
      expect(stats.jobs.total).toBe(3);
      expect(stats.charges.charged_twice).toBe(0);
      expect(summary.credits).toBe(stats.credits_spent);
    } finally {
      answers.close();
    }
  }, 120_000);
});
