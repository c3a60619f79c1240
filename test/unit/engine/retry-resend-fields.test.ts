/**
 * A Retry resends what has no answer, to the field (issue 38; fuzz seed 68001): a lost start's
 * contact whose work email was saved since (an import of its earlier resend took the fields its
 * answers held) is resent for the phone alone. The Retry sent the whole contact again and bought
 * its work email twice.
 */
import { ApiError } from '../../../src/api/errors';
import { Ledger } from '../../../src/store/ledger';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { STATUS } from '../../../src/domain/statuses';
import { PRICES } from '../../../src/domain/fields';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import type { PlanRequest } from '../../../src/features/runs/run-service';
import { contextFor, createWorld } from '../fakes/context';
import { FakeApi } from '../fakes/fake-api';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';

const BOTH: PlanRequest = { kind: 'enrich', fields: ['work_email', 'phone'] };

describe('a Retry of a lost start whose contact has some fields saved since', () => {
  it('resends that contact for the fields it lacks, in a job of their own, and prices only those', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    world.api.startJobs = (starts) =>
      starts.map(() => new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true));
    planAndStart(world, BOTH);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    // Row 2's work email is saved after the start (as an import of an earlier resend by id saves it).
    const list = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    const [first] = String(list.cells[1]![1]).split(' ');
    const ctx = contextFor(world);
    new Ledger(ctx.spreadsheet, ctx.cache, ctx.documentStore).store(
      new Map([
        [
          first!,
          {
            fields: ['work_email'],
            workEmail: { email: 'p1@acme.example', status: 'VALID' },
            at: world.clock.now(),
          },
        ],
      ]),
    );
    world.api.startJobs = FakeApi.prototype.startJobs;
    const [run] = progress(world).runs;
    server(world).retryJob({ runId: run!.runId, seq: 0 });
    poll(world);
    const sent = [...world.api.jobs.values()].map((job) => ({ fields: job.fields, items: job.items.length }));
    expect(sent).toEqual(
      expect.arrayContaining([
        { fields: ['phone'], items: 1 },
        { fields: ['work_email', 'phone'], items: 2 },
      ]),
    );
    expect(sent).toHaveLength(2);
    poll(world);
    // Every row answered, the lost start holds nothing more: nothing is sent again.
    expect(sheet.column('Work email')[0]).toBe('p1@acme.example');
    expect(server(world).planRun(BOTH).contactsToSend).toBe(0);
    const records = Object.entries(world.documentStore.getAll()).map(
      ([key, text]) => [key, JSON.parse(text) as { state?: string; retriedLost?: number }] as const,
    );
    expect(records.filter(([, record]) => record.state === 'ambiguous')).toEqual([]);
    // The Retry counted at what it could cost: one phone and two of both, not three of both.
    const [, runRecord] = records.find(([key]) => key === `${DOCUMENT_PROPERTY.runPrefix}${run!.runId}`)!;
    expect(runRecord.retriedLost).toBe(PRICES.phone + 2 * (PRICES.work_email + PRICES.phone));
  });
});
