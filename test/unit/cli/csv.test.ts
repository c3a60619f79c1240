import {
  CsvError,
  NotTextError,
  decodeCsvBytes,
  detectDelimiter,
  formatCsv,
  neutraliseFormula,
  parseCsv,
} from '../../../scripts/lib/csv';
import { decodeCsv, encodingWarning } from '../../../scripts/lib/csv-encoding';
import { safeToOpen } from '../../../scripts/lib/sheet-outputs';
import { outputColumnsOf } from '../../../src/sheet/output-columns';

describe('CSV for the command line', () => {
  it('parses quoted fields with delimiters, doubled quotes and line breaks', () => {
    const rows = parseCsv('name,note\r\n"Doe, Jane","said ""hi""\nthen left"\r\nBob,\r\n');
    expect(rows).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'said "hi"\nthen left'],
      ['Bob', ''],
    ]);
  });

  it('drops a BOM and blank lines, and pads short rows', () => {
    expect(parseCsv('\uFEFFa,b,c\n\n1\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
    ]);
  });

  it('detects semicolon and tab exports', () => {
    expect(detectDelimiter('Prénom;Nom;Société\nJean;Dupont;ACME')).toBe(';');
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
  });

  it('keeps values such as +33 6… and 0612… as strings', () => {
    expect(parseCsv('phone\n+33 612345678\n0612345678\n')).toEqual([
      ['phone'],
      ['+33 612345678'],
      ['0612345678'],
    ]);
  });

  it('refuses an unterminated quote with a clear message', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(CsvError);
  });

  it('round-trips what it writes', () => {
    const rows = [
      ['email', 'note'],
      ['=cmd|x', 'a "quoted", multi\nline'],
      [' padded ', ''],
    ];
    expect(parseCsv(formatCsv(rows))).toEqual(rows);
    expect(formatCsv([['a', null, 3]])).toBe('a,,3\r\n');
  });

  it('decodes UTF-16 LE and BE with their BOM, UTF-8 with or without one, and refuses binary', () => {
    const text = 'Prénom\tNom\r\nZoë\tŁukasz\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeCsvBytes(le)).toBe(text);
    expect(decodeCsvBytes(be)).toBe(text);
    expect(parseCsv(decodeCsvBytes(le))).toEqual([
      ['Prénom', 'Nom'],
      ['Zoë', 'Łukasz'],
    ]);
    expect(decodeCsvBytes(Buffer.from(`\uFEFF${text}`, 'utf8'))).toBe(text);
    expect(() => decodeCsvBytes(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow(NotTextError);
  });

  it('refuses binary bytes behind a UTF-16 byte-order mark', () => {
    const zipAfterBom = Buffer.from([0xff, 0xfe, 0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x00, 0x00]);
    expect(() => decodeCsvBytes(zipAfterBom)).toThrow(NotTextError);
    const oddLength = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('\u0000a\u0000b\u0000', 'latin1'),
    ]);
    expect(() => decodeCsvBytes(oddLength)).toThrow(NotTextError);
  });

  it('neutralises formulas in the output cells only, keeping the user cells as they were', () => {
    const outputs = outputColumnsOf('enrich').map((column) => column.header);
    const hostile = outputs.map((header) =>
      header === 'Phone' ? '+33 6 12 34 56 78' : `=HYPERLINK("http://evil","${header}")`,
    );
    const mine = ['Ada', 'Lovelace', '=HYPERLINK("x")', '=SUM(1)', '-5', '@home'];
    const table = [
      ['First name', 'Last name', 'Company', 'Formula', 'Delta', 'Handle', ...outputs],
      [...mine, ...hostile],
    ];
    const safe = safeToOpen(table);
    expect(safe[0]).toEqual(table[0]);
    expect(safe[1]!.slice(0, mine.length)).toEqual(mine);
    expect(safe[1]!.slice(mine.length)).toEqual(hostile.map((value) => `'${value}`));
    expect(safe[1]![mine.length + outputs.indexOf('Phone')]).toBe("'+33 6 12 34 56 78");
  });

  it('quotes a field holding a lone line feed or carriage return, so a record stays one', () => {
    const rows = [
      ['Name', 'Notes'],
      ['Ada', 'first line\nsecond'],
      ['Bob', 'old Mac\rbreak'],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('Name,Notes\r\nAda,"first line\nsecond"\r\nBob,"old Mac\rbreak"\r\n');
    expect(parseCsv(text)).toEqual(rows);
    expect(formatCsv([['a;b', 'c']], ';')).toBe('"a;b";c\r\n');
  });

  it('neutralises a formula at the start of every line of a cell', () => {
    expect(neutraliseFormula('Boss\n@SUM(1)')).toBe("Boss\n'@SUM(1)");
    expect(neutraliseFormula('=A1\r\n+1\r-2')).toBe("'=A1\r\n'+1\r'-2");
    expect(neutraliseFormula('Boss\nVP')).toBe('Boss\nVP');
    // Written and read back, the second line is no record of its own.
    expect(parseCsv(formatCsv([['Title'], [neutraliseFormula('Boss\n@SUM(1)')]]))).toEqual([
      ['Title'],
      ["Boss\n'@SUM(1)"],
    ]);
  });

  it('reads lines that are not UTF-8 as Windows-1252, and names them', () => {
    const utf8 = Buffer.from('Name\nZoë Brontë\n', 'utf8');
    const latin1 = Buffer.from('Zoë Brontë\nPlain\n', 'latin1');
    const mixed = decodeCsv(Buffer.concat([utf8, latin1]))!;
    expect(mixed.text).toBe('Name\nZoë Brontë\nZoë Brontë\nPlain\n');
    expect(mixed).toMatchObject({ latin1Lines: [3], mixed: true, bom: false });
    expect(encodingWarning('x.csv', mixed)).toMatch(
      /x\.csv mixes encodings: line 3 is not UTF-8 and was read as Windows-1252/,
    );
    const all = decodeCsv(Buffer.from('Name\nZoë\nRené\n', 'latin1'))!;
    expect(all).toMatchObject({ text: 'Name\nZoë\nRené\n', latin1Lines: [2, 3], mixed: false });
    expect(encodingWarning('x.csv', all)).toMatch(/is not UTF-8: lines 2, 3 were read as Windows-1252/);
    expect(encodingWarning('x.csv', decodeCsv(utf8)!)).toBeUndefined();
    expect(decodeCsv(Buffer.from('\uFEFFa\n', 'utf8'))).toMatchObject({ text: 'a\n', bom: true });
  });
});
