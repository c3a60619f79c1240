import { join } from 'node:path';
import { readEntryPoints } from '../../../scripts/lib/entry-points';
import { spilledCells, spillHeight } from '../../../src/sheet/spills';
import { formulaRows } from '../../../src/features/formulas/formula-args';
import {
  CUSTOM_FUNCTION_NAMES,
  formulaRunsIn,
  isOurFormula,
} from '../../../src/features/formulas/formula-refresh';
import { UserError } from '../../../src/domain/user-error';
import {
  answerFormula,
  contactFieldSpec,
  REVERSE_SPEC,
} from '../../../src/features/formulas/custom-functions';
import { fingerprint } from '../../../src/sheet/fingerprint';
import { Ledger } from '../../../src/store/ledger';
import { type LedgerEntry } from '../../../src/store/ledger-entry';
import { contextFor, createWorld } from '../fakes/context';

const NAMES = ['first_name', 'last_name', 'company'];

describe('formula arguments', () => {
  it('turns ranges into rows and applies a single value to every row', () => {
    expect(formulaRows(NAMES, [[['Ada'], ['Grace']], [['Lovelace'], [' Hopper ']], 'acme.com'])).toEqual({
      rows: [
        ['Ada', 'Lovelace', 'acme.com'],
        ['Grace', 'Hopper', 'acme.com'],
      ],
      column: true,
    });
    expect(formulaRows(NAMES, ['Ada', 'Lovelace', undefined])).toEqual({
      rows: [['Ada', 'Lovelace', '']],
      column: false,
    });
  });

  it('refuses ranges of different heights and ranges of several columns, naming them', () => {
    expect(() => formulaRows(NAMES, [[['a'], ['b']], [['c']], 'x'])).toThrow(
      new UserError('The ranges must have the same number of rows: first_name has 2, last_name has 1.'),
    );
    expect(() => formulaRows(NAMES, [[['a', 'b']], 'c', 'x'])).toThrow(
      'first_name must be one column (it has 2).',
    );
  });
});

describe('our formulas in a sheet', () => {
  it('are the ones src/index.ts exports as custom functions', () => {
    const exported = readEntryPoints(join(__dirname, '../../../src/index.ts'))
      .map((entry) => entry.name)
      .filter((name) => /^[A-Z_]+$/.test(name));
    expect(exported.sort()).toEqual([...CUSTOM_FUNCTION_NAMES].sort());
  });

  it('are found by name, in any case, as vertical runs per column', () => {
    expect(isOurFormula('=enrich_email(A2,B2,C2)')).toBe(true);
    expect(isOurFormula('=IFERROR(ENRICH_PHONE(A2,B2,C2),"")')).toBe(true);
    expect(isOurFormula('=MY_ENRICH_EMAILS(A2)')).toBe(false);
    expect(isOurFormula('ENRICH_EMAIL(A2)')).toBe(false);
    const formulas = [
      ['', '=ENRICH_EMAIL(A1,B1,C1)', '=SUM(A1)'],
      ['', '=ENRICH_EMAIL(A2,B2,C2)', '=REVERSE_EMAIL(D2)'],
      ['', '', ''],
      ['', '=ENRICH_EMAIL(A4,B4,C4)', ''],
    ];
    expect(formulaRunsIn(7, formulas)).toEqual([
      { sheetId: 7, row: 1, column: 2, formulas: ['=ENRICH_EMAIL(A1,B1,C1)', '=ENRICH_EMAIL(A2,B2,C2)'] },
      { sheetId: 7, row: 4, column: 2, formulas: ['=ENRICH_EMAIL(A4,B4,C4)'] },
      { sheetId: 7, row: 2, column: 3, formulas: ['=REVERSE_EMAIL(D2)'] },
    ]);
  });

  it('spill as many rows as their first range argument has', () => {
    expect(spillHeight('=ENRICH_EMAIL(A2:A1001,B2:B1001,C2:C1001)', 5000)).toBe(1000);
    expect(spillHeight('=ENRICH_EMAIL($A$2:$A$6,B2:B6,C2:C6)', 5000)).toBe(5);
    expect(spillHeight('=ENRICH_EMAIL(A2:A,B2:B,C2:C)', 40)).toBe(39);
    expect(spillHeight('=ENRICH_EMAIL(A2,B2,C2)', 40)).toBe(1);
    expect(spillHeight('=IFERROR(REVERSE_EMAIL(D2:D9),"")', 40)).toBe(8);
  });

  it('are array formulas as the user’s are: the height of their first range, a scalar formula one cell', () => {
    expect(spillHeight('=ARRAYFORMULA(Notes!A1:B3)', 40)).toBe(3);
    expect(spillHeight('=C2:C', 40)).toBe(39);
    expect(spillHeight('=SUM(A2:A9)', 40)).toBe(1);
    expect(spilledCells([['=FILTER(A2:A4,B2:B4)', '']], 2, 6, 40)).toEqual(
      new Map([
        ['3:6', 'F2'],
        ['4:6', 'F2'],
      ]),
    );
  });
});

describe('a reverse formula on a cell that is no address', () => {
  it('says "invalid email", as the sheet\'s Status does; an empty cell shows nothing', () => {
    const ctx = contextFor(createWorld());
    expect(answerFormula(ctx, REVERSE_SPEC, ['jane at acme', 'title'])).toBe('⚠ invalid email');
    expect(answerFormula(ctx, REVERSE_SPEC, [[['jane at acme'], ['']], 'title'])).toEqual([
      ['⚠ invalid email'],
      [''],
    ]);
  });
});

describe('an email formula over an address that will bounce', () => {
  const person = ['Jane', 'Doe', 'acme.com'];
  function worldWith(entry: Omit<LedgerEntry, 'at'>) {
    const world = createWorld();
    const ctx = contextFor(world);
    const input = {
      firstName: 'Jane',
      lastName: 'Doe',
      companyName: '',
      companyDomain: 'acme.com',
      networkUrl: '',
      email: '',
    };
    new Ledger(ctx.spreadsheet, ctx.cache).store(
      new Map([[fingerprint('enrich', input), { ...entry, at: 1 }]]),
    );
    return contextFor(world);
  }

  it('says what the status column says, unless show_invalid is TRUE', () => {
    const ctx = worldWith({
      fields: ['work_email', 'personal_email'],
      workEmail: { email: 'jane@acme.com', status: 'INVALID' },
      personalEmail: { email: 'jane.doe@mail.example', status: 'DELIVERABLE' },
    });
    const work = contactFieldSpec('work_email');
    expect(answerFormula(ctx, work, person)).toBe('Invalid: jane@acme.com');
    expect(answerFormula(ctx, work, [...person, '', true])).toBe('jane@acme.com');
    expect(answerFormula(ctx, work, [...person, '', false])).toBe('Invalid: jane@acme.com');
    expect(answerFormula(ctx, contactFieldSpec('personal_email'), person)).toBe('jane.doe@mail.example');
  });

  it('an invalid domain reads as such in a column too', () => {
    const ctx = worldWith({
      fields: ['work_email'],
      workEmail: { email: 'jane@acme.invalid', status: 'INVALID_DOMAIN' },
    });
    const column = (value: string) => [[value], [value]];
    expect(answerFormula(ctx, contactFieldSpec('work_email'), person.map(column))).toEqual([
      ['Invalid domain: jane@acme.invalid'],
      ['Invalid domain: jane@acme.invalid'],
    ]);
  });

  it("refuses a show_invalid that is not TRUE or FALSE, as the formula's error", () => {
    const ctx = worldWith({
      fields: ['work_email'],
      workEmail: { email: 'jane@acme.com', status: 'DELIVERABLE' },
    });
    expect(() => answerFormula(ctx, contactFieldSpec('work_email'), [...person, '', 'maybe'])).toThrow(
      new UserError('show_invalid must be TRUE or FALSE (it is "maybe").'),
    );
  });
});

describe('one bad cell in a range formula', () => {
  it('fails its own row with its reason; the other rows queue as usual', () => {
    const ctx = contextFor(createWorld());
    const rows = 200;
    const first = Array.from({ length: rows }, (_, i) => [i === 57 ? 'x'.repeat(50_000) : `Ann${i}`]);
    const last = Array.from({ length: rows }, () => ['Lee']);
    const company = Array.from({ length: rows }, (_, i) => [`acme${i}.com`]);
    const answers = answerFormula(ctx, contactFieldSpec('work_email'), [first, last, company]) as string[][];
    expect(answers[57]).toEqual(['⚠ first_name is too long (50,000 characters; at most 500)']);
    const others = answers.filter((_, i) => i !== 57).map(([value]) => value);
    expect(others.every((value) => value?.startsWith('⏳ queued'))).toBe(true);
  });
});

describe('a profile field a formula names', () => {
  it('is one of the listed fields: an Object member such as "constructor" is unknown', () => {
    const ctx = contextFor(createWorld());
    for (const field of ['constructor', 'toString', '__proto__', 'salary']) {
      expect(() => answerFormula(ctx, REVERSE_SPEC, ['jane@acme.com', field])).toThrow(
        new UserError(
          `Unknown field "${field}": use one of full name, first name, last name, title, company, company domain, location, profile url.`,
        ),
      );
    }
  });
});
