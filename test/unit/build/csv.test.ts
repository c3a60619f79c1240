import { CsvError, detectDelimiter, formatCsv, parseCsv } from '../../../scripts/lib/csv';

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
});
