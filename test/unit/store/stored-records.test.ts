/** Versioned, parsed records: what main wrote before versions existed reads as today's shape. */
import { decodeRecord, encodeRecord } from '../../../src/store/stored-records';
import { JOB_CODEC, RUN_CODEC } from '../../../src/store/registry';
import { LEDGER_ENTRY_CODEC, type LedgerEntry } from '../../../src/store/ledger-entry';
import { MAPPING_CODEC } from '../../../src/store/mapping-store';
import { PLAN_CODEC } from '../../../src/store/pending-plan';

describe('stored records', () => {
  it('migrates a v1 job record (fps, rest) to named fields', () => {
    const v1 =
      '{"run":"r1","seq":0,"state":"fetched","fps":["a","b"],"rows":"rows 2–3","rest":"not found","credits":"x"}';
    expect(decodeRecord(JOB_CODEC, v1)).toEqual({
      ok: false,
      reason: expect.stringMatching(/job record .* at credits/),
    });
    const ok = decodeRecord(JOB_CODEC, v1.replace('"credits":"x"', '"credits":3,"status":"FINISHED"'));
    expect(ok).toEqual({
      ok: true,
      value: {
        run: 'r1',
        seq: 0,
        state: 'fetched',
        fingerprints: ['a', 'b'],
        contacts: 2,
        rows: 'rows 2–3',
        unansweredStatus: 'not found',
        credits: 3,
        status: 'FINISHED',
      },
    });
  });

  it('reads a v2 job record with its fingerprints inline and counts them', () => {
    const v2 =
      '{"v":2,"run":"r1","seq":1,"state":"pending","fingerprints":["a","b","c"],"rows":"rows 2–4","id":"j"}';
    expect(decodeRecord(JOB_CODEC, v2)).toEqual({
      ok: true,
      value: {
        run: 'r1',
        seq: 1,
        state: 'pending',
        fingerprints: ['a', 'b', 'c'],
        contacts: 3,
        rows: 'rows 2–4',
        id: 'j',
      },
    });
  });

  it('migrates a v1 ledger entry (f, w, p, ph, pr) and round-trips v2', () => {
    const v1 = JSON.stringify({
      f: ['work_email', 'phone'],
      w: ['ann@acme.com', 'VALID'],
      ph: ['+33 6 12', 'FR'],
      pr: { fullName: 'Ann Lee' },
      at: 5,
    });
    const entry: LedgerEntry = {
      fields: ['work_email', 'phone'],
      workEmail: { email: 'ann@acme.com', status: 'VALID' },
      phone: { number: '+33 6 12', region: 'FR' },
      profile: { fullName: 'Ann Lee' },
      at: 5,
    };
    const decoded = decodeRecord(LEDGER_ENTRY_CODEC, v1);
    expect(decoded).toEqual({ ok: true, value: entry });
    // No answer it lacks is a key set to undefined: merged over a stored entry, it would wipe one.
    expect(Object.keys(decoded.ok ? decoded.value : {}).sort()).toEqual(Object.keys(entry).sort());
    const v2 = encodeRecord(LEDGER_ENTRY_CODEC, entry);
    expect(v2.startsWith('{"v":2,')).toBe(true);
    expect(decodeRecord(LEDGER_ENTRY_CODEC, v2)).toEqual({ ok: true, value: entry });
  });

  it('keeps fields a later version added (loose), refuses a newer version and a wrong shape', () => {
    const run = {
      id: 'r',
      kind: 'enrich',
      sheetId: 1,
      sheetName: 'S',
      mapping: { firstName: 1 },
      fields: ['work_email'],
      overwrite: false,
      startedAt: 1,
      state: 'running',
      jobs: 1,
      sent: 1,
      done: 0,
      found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 },
      credits: 0,
      fromLedger: 0,
      unmatched: 0,
    };
    expect(decodeRecord(RUN_CODEC, JSON.stringify({ ...run, extra: 1 }))).toEqual({
      ok: true,
      value: { ...run, extra: 1 },
    });
    expect(decodeRecord(RUN_CODEC, JSON.stringify({ v: 3, ...run }))).toMatchObject({ ok: false });
    expect(decodeRecord(RUN_CODEC, JSON.stringify({ ...run, state: 'exploded' }))).toEqual({
      ok: false,
      reason: expect.stringContaining('run record has an unexpected shape at state'),
    });
    expect(decodeRecord(RUN_CODEC, '[1]')).toEqual({ ok: false, reason: 'the run record is not an object' });
    expect(decodeRecord(MAPPING_CODEC, '{"v":"two"}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unknown version'),
    });
  });

  it('reads a v1 plan and mapping as they were', () => {
    const plan = {
      id: 'p',
      kind: 'enrich',
      fields: ['phone'],
      mapping: { firstName: 1 },
      overwrite: false,
      sheetId: 3,
      spans: [{ start: 2, end: 6 }],
      maxCredits: 50,
      createdAt: 9,
    };
    expect(decodeRecord(PLAN_CODEC, JSON.stringify(plan))).toEqual({ ok: true, value: plan });
    const mapping = { mapping: { email: 2 }, headers: { email: 'Email' } };
    expect(decodeRecord(MAPPING_CODEC, JSON.stringify(mapping))).toEqual({ ok: true, value: mapping });
  });
});
