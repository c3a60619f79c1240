/** The results ledger (hidden sheet): as the engine writes it, and as formulas look answers up in it. */
import { LEDGER_SHEET_NAME, Ledger } from '../../../src/store/ledger';
import { LEDGER_ENTRY_CODEC, type LedgerEntry } from '../../../src/store/ledger-entry';
import { encodeRecord } from '../../../src/store/stored-records';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll } from '../fakes/scenario';

describe('very long strings from the API', () => {
  it('keep every ledger cell within the 50,000 characters a cell holds', () => {
    const world = createWorld();
    // With a profile URL mapped, so that the run has a Title column.
    const sheet = contactsSheet(world, [[...people(1)[0]!, 'https://network.example/in/p1']]);
    planAndStart(world, {
      kind: 'enrich',
      fields: ['work_email'],
      mapping: { firstName: 1, lastName: 2, companyName: 3, networkUrl: 4 },
    });
    world.api.outcomeFor = (job) => {
      const result = world.api.resultOf(job, 'FINISHED');
      for (const item of result.items)
        item.profile = { title: 'T'.repeat(60000), location: '"'.repeat(30000) };
      return { kind: 'result', result };
    };
    poll(world);
    const ledger = world.spreadsheet.sheets.find((candidate) => candidate.name() === LEDGER_SHEET_NAME)!;
    const cells = ledger.readDisplayValues(1, 1, ledger.lastRow(), 2).flat();
    expect(Math.max(...cells.map((cell) => cell.length))).toBeLessThanOrEqual(50000);
    expect(sheet.column('Status')).toEqual(['found']);
    expect(sheet.column('Title')[0]).toMatch(/^T{100}/);
  });
});

describe('looking a few answers up in a large ledger', () => {
  const entry = (email: string, at = 1): LedgerEntry => ({
    fields: ['work_email'],
    workEmail: { email, status: 'DELIVERABLE' },
    at,
  });
  const row = (fp: string, saved: LedgerEntry | string) => [
    fp,
    typeof saved === 'string' ? saved : encodeRecord(LEDGER_ENTRY_CODEC, saved),
  ];
  /** A ledger sheet of `size` answers (e00000000000, e00000000001…), then `extra` rows. */
  function ledgerWorld(size: number, extra: string[][] = []) {
    const world = createWorld();
    const rows = Array.from({ length: size }, (_, i) => row(fpOf(i), entry(`p${i}@acme.com`)));
    const sheet = world.spreadsheet.addSheet(LEDGER_SHEET_NAME, [
      ['fingerprint', 'result'],
      ...rows,
      ...extra,
    ]);
    const ledger = () => new Ledger(world.spreadsheet, contextFor(world).cache);
    /** A formula cell's lookup: the only one that reads the cache. */
    const cell = () => new Ledger(world.spreadsheet, contextFor(world).cache, undefined, true);
    return { world, sheet, ledger, cell };
  }
  const fpOf = (i: number) => `e${String(i).padStart(11, '0')}`;

  it('searches for each one and reads one cell per answer, never the column', () => {
    const { sheet, ledger } = ledgerWorld(5000);
    const found = ledger().lookup([fpOf(4321), 'e-not-there']);
    expect(found.get(fpOf(4321))?.workEmail?.email).toBe('p4321@acme.com');
    expect(found.has('e-not-there')).toBe(false);
    expect(sheet.searches).toBe(2);
    expect(sheet.tableReads).toBe(1);
  });

  it('answers with the newest readable row of a fingerprint, as a whole read does', () => {
    const fp = fpOf(7);
    const { sheet, ledger, cell } = ledgerWorld(20, [
      row(fp, entry('newer@acme.com', 2)),
      row(fp, '{"v":2,"fields":'),
      row(fpOf(8), entry('p8-newer@acme.com', 3)),
    ]);
    expect(cell().lookup([fp]).get(fp)?.workEmail?.email).toBe('newer@acme.com');
    // A formula cell read the damaged row, then the one before it; the oldest was not needed.
    expect(sheet.tableReads).toBe(2);
    // A plan reads every row of it, and knows whose answer a damaged one lost (finding 210).
    const planned = ledger();
    expect(planned.lookup([fp]).get(fp)?.workEmail?.email).toBe('newer@acme.com');
    expect(sheet.tableReads).toBe(5);
    expect([...planned.lost]).toEqual([fp]);
    const many = Array.from({ length: 20 }, (_, i) => fpOf(i));
    const whole = ledger().lookup(many);
    expect(sheet.searches).toBe(2);
    expect(whole.get(fp)?.workEmail?.email).toBe('newer@acme.com');
    expect(whole.get(fpOf(8))?.workEmail?.email).toBe('p8-newer@acme.com');
  });

  it('reads the sheet once when many answers are wanted (a range formula)', () => {
    const { sheet, ledger } = ledgerWorld(100);
    const found = ledger().lookup(Array.from({ length: 50 }, (_, i) => fpOf(i * 2)));
    expect(found.size).toBe(50);
    expect(sheet.searches).toBe(0);
    expect(sheet.tableReads).toBe(1);
  });

  it('keeps what a store saved in the cache for formula cells, never what a lookup read', () => {
    const { sheet, ledger, cell } = ledgerWorld(100);
    cell().lookup([fpOf(3)]);
    const reads = sheet.reads;
    // Read from the sheet, not cached: put there, it could land after a newer answer a poll stored.
    expect(
      cell()
        .lookup([fpOf(3)])
        .get(fpOf(3))?.workEmail?.email,
    ).toBe('p3@acme.com');
    expect(sheet.reads).toBeGreaterThan(reads);
    ledger().store(new Map([[fpOf(3), entry('p3-new@acme.com', 2)]]));
    const stored = sheet.reads;
    expect(
      cell()
        .lookup([fpOf(3)])
        .get(fpOf(3))?.workEmail?.email,
    ).toBe('p3-new@acme.com');
    expect(sheet.reads).toBe(stored);
  });

  it('decides from the sheet alone, whatever older answer the cache holds (findings 73, 93)', () => {
    const { sheet, ledger, cell } = ledgerWorld(10);
    ledger().store(new Map([[fpOf(3), entry('p3-new@acme.com', 2)]]));
    // Another execution's newer answer reached the sheet, and not the cache (killed, or raced).
    const phone = {
      ...entry('p3-new@acme.com', 3),
      fields: ['work_email' as const, 'phone' as const],
      phone: { number: '+1', region: 'US' },
    };
    sheet.writeText(sheet.lastRow() + 1, 1, [row(fpOf(3), phone)]);
    expect(
      cell()
        .lookup([fpOf(3)])
        .get(fpOf(3))?.phone,
    ).toBeUndefined();
    expect(
      ledger()
        .lookup([fpOf(3)])
        .get(fpOf(3))?.phone?.number,
    ).toBe('+1');
  });

  it('never leaves the cache an older answer than the sheet, whatever write a kill stops (finding 93)', () => {
    const { world, ledger, cell } = ledgerWorld(10);
    // A store put the work email in the cache, where formula cells read it.
    ledger().store(new Map([[fpOf(3), entry('p3-new@acme.com', 2)]]));
    const cache = contextFor(world).cache;
    const killed = new Ledger(world.spreadsheet, {
      ...cache,
      putAll: () => {
        throw new Error('killed');
      },
    });
    const phone = {
      ...entry('p3-new@acme.com', 3),
      fields: ['phone' as const],
      phone: { number: '+1', region: 'US' },
    };
    expect(() => killed.store(new Map([[fpOf(3), phone]]))).toThrow('killed');
    expect(
      cell()
        .lookup([fpOf(3)])
        .get(fpOf(3))?.fields,
    ).toEqual(['work_email', 'phone']);
  });

  it('reads the whole sheet when the runtime refuses a search', () => {
    const { sheet, ledger } = ledgerWorld(100);
    sheet.refuseSearch = true;
    expect(
      ledger()
        .lookup([fpOf(42)])
        .get(fpOf(42))?.workEmail?.email,
    ).toBe('p42@acme.com');
    expect(sheet.tableReads).toBe(1);
  });
});
