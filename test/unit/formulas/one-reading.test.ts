/**
 * One reading of a company cell for runs and formulas (issue 20 §4): "Monday.com" in a Company
 * column is the same person's company whichever way they are asked, so they are paid for once.
 */
import { answerFormula, contactFieldSpec } from '../../../src/features/formulas/custom-functions';
import { fingerprint } from '../../../src/sheet/fingerprint';
import { Ledger } from '../../../src/store/ledger';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, ENRICH_WORK_EMAIL, planAndStart, poll, server } from '../fakes/scenario';

const ROW = ['Ada', 'Lovelace', 'Monday.com'];

describe('a company cell holding a domain', () => {
  it('a run first: the formula answers from its saved result, queuing nothing', () => {
    const world = createWorld();
    contactsSheet(world, [ROW]);
    planAndStart(world);
    poll(world);
    expect(world.api.jobs.size).toBe(1);
    const answer = answerFormula(contextFor(world), contactFieldSpec('work_email'), ROW);
    expect(answer).toBe('ada.lovelace@monday.com');
    expect(server(world).getFormulaQueue().queues).toEqual([]);
  });

  it('a formula first: the run finds the answer its requests bought, and sends nothing', () => {
    const world = createWorld();
    contactsSheet(world, [ROW]);
    expect(answerFormula(contextFor(world), contactFieldSpec('work_email'), ROW)).toMatch(/^⏳ queued/);
    const plan = server(world).planFormulaRun({});
    server(world).startRun(plan.planId);
    poll(world);
    expect(server(world).planRun(ENRICH_WORK_EMAIL)).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
  });

  it('a row answered under the earlier reading (a company name) is found, not bought again', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [ROW]);
    const earlier = fingerprint('enrich', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Monday.com',
      companyDomain: '',
      networkUrl: '',
      email: '',
    });
    const ctx = contextFor(world);
    new Ledger(ctx.spreadsheet, ctx.cache).store(
      new Map([
        [
          earlier,
          { fields: ['work_email'], workEmail: { email: 'ada@monday.com', status: 'DELIVERABLE' }, at: 1 },
        ],
      ]),
    );
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan).toMatchObject({ contactsToSend: 0, maxCredits: 0, rowsFromLedger: 1 });
    server(world).startRun(plan.planId);
    expect(sheet.column('Work email')).toEqual(['ada@monday.com']);
  });
});

describe('the preview of getting formula results', () => {
  it('counts the requests as every other count reads: "1,000 formula requests"', () => {
    const world = createWorld();
    const people = Array.from({ length: 1000 }, (_, n) => [[`Ada${n}`], [`Lovelace${n}`], ['acme.com']]);
    const column = (index: number) => people.map((person) => person[index]!);
    answerFormula(contextFor(world), contactFieldSpec('work_email'), [column(0), column(1), column(2)]);
    expect(server(world).planFormulaRun({})).toMatchObject({
      rows: 1000,
      selectionLabel: '1,000 formula requests',
    });
  });
});
