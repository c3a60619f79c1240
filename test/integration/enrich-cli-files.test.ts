/**
 * `npm run enrich` keeps the user's files safe (issue 32): a multi-line cell stays one record, the
 * output never replaces the input or the state, a file that is not all UTF-8 is said so with its
 * lines, the input's BOM is kept, and the key can come from SHEET_ENRICH_API_KEY.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { answeredRows, runScript, tempFile } from './support/cli';
import { contactRows, engineKit, people } from './support/engine';

const SECRET = 'sk-files-Secret-0099';
const kit = engineKit({ keys: [SECRET] });
const url = () => ['--api-url', kit.emulator().baseUrl, '--poll-ms', '200'];
const cli = (args: string[]) => runScript('enrich.ts', [...args, ...url(), '--api-key', SECRET]);

describe('npm run enrich and the files it touches', () => {
  it('keeps a cell with a lone line break in one record', async () => {
    const [header, ...rows] = contactRows(people(2));
    const table = [
      [...header!, 'Notes'],
      [...rows[0]!, 'met at the fair\nsecond line'],
      [...rows[1]!, 'old Mac\rline'],
    ];
    const file = tempFile('notes.csv', '');
    // Written by hand: quoted as any spreadsheet program would.
    writeFileSync(file, table.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\r\n'));
    const out = join(file, '..', 'out.csv');
    expect((await cli([file, '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    // Quoted, so that no reader (Excel, a line-based tool) splits the record at the bare break.
    expect(text).toContain('"met at the fair\nsecond line"');
    expect(text).toContain('"old Mac\rline"');
    const written = parseCsv(text);
    expect(written).toHaveLength(3);
    expect(written.map((row) => row.slice(0, 5))).toEqual(table);
  });

  it.each([
    [
      '--out equal to the input',
      (file: string) => ['--out', file],
      /--out and the input CSV are the same file/,
    ],
    [
      '--out equal to the state (by another spelling)',
      (file: string) => ['--out', join(file, '..', '.', 'st.json'), '--state', join(file, '..', 'st.json')],
      /--state and --out are the same file/,
    ],
    [
      '--state equal to the input',
      (file: string) => ['--state', file],
      /--state and the input CSV are the same file/,
    ],
  ])('refuses %s, leaving the input as it was', async (_what, flags, message) => {
    const text = contactRows(people(3)).join('\n');
    const file = tempFile('same.csv', text);
    const result = await cli([file, ...flags(file)]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('warns about lines that are not UTF-8, naming them, and keeps the input BOM', async () => {
    const [header, ...rows] = contactRows(people(3)).map((row) => row.join(','));
    const bytes = Buffer.concat([
      Buffer.from(`\uFEFF${header}\n${rows[0]}\n`, 'utf8'),
      Buffer.from(`Zoë,Brontë,${rows[1]!.split(',').slice(2).join(',')}\n`, 'latin1'),
      Buffer.from(`Zoë,Brontë,${rows[2]!.split(',').slice(2).join(',')}\n`, 'utf8'),
    ]);
    const file = tempFile('mixed.csv', bytes);
    const out = join(file, '..', 'out.csv');
    const result = await cli([file, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/mixed\.csv mixes encodings: line 3 is not UTF-8/);
    const written = readFileSync(out);
    expect([...written.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const names = parseCsv(written.toString('utf8'))
      .slice(1)
      .map((row) => `${row[0]} ${row[1]}`);
    expect(names.slice(1)).toEqual(['Zoë Brontë', 'Zoë Brontë']);
  });

  it('reads the key from SHEET_ENRICH_API_KEY, and recommends it over --api-key', async () => {
    const file = tempFile('env.csv', contactRows(people(3)).join('\n'));
    const fromEnv = await runScript('enrich.ts', [file, ...url()], 60_000, { SHEET_ENRICH_API_KEY: SECRET });
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stderr).not.toMatch(/Tip:/);
    const fromFlag = await cli([file]);
    expect(fromFlag.code).toBe(0);
    expect(fromFlag.stderr).toMatch(/Tip: set the SHEET_ENRICH_API_KEY variable instead of --api-key/);
    for (const seen of [fromEnv.stdout, fromEnv.stderr, fromFlag.stdout, fromFlag.stderr])
      expect(seen).not.toContain(SECRET);
  });
});

describe('npm run enrich and files as people have them (issue 39)', () => {
  it('refuses a hard link of the input as --out, a folder or a dangling symlink, in one line', async () => {
    const text = contactRows(people(3)).join('\n');
    const file = tempFile('linked.csv', text);
    const dir = join(file, '..');
    linkSync(file, join(dir, 'hard.csv'));
    symlinkSync(join(dir, 'nowhere', 'x.csv'), join(dir, 'dangling.csv'));
    mkdirSync(join(dir, 'folder'));
    for (const [out, message] of [
      ['hard.csv', /--out and the input CSV are the same file/],
      ['folder', /--out .*folder is a folder: give --out a file path/],
      ['dangling.csv', /--out .*dangling\.csv is a symbolic link to a file that does not exist/],
    ] as const) {
      const result = await cli([file, '--out', join(dir, out)]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
    }
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(await kit.emulator().admin.jobs()).toEqual([]);
  });

  it("reads Excel's sep= line and a pipe-delimited file, and says which delimiter it used", async () => {
    const rows = contactRows(people(4));
    const withNotes = rows.map((row, i) => [...row, i ? `note ${i}` : 'Notes']);
    const semicolons = tempFile(
      'excel.csv',
      `sep=;\r\n${withNotes.map((row) => row.join(';')).join('\r\n')}`,
    );
    const out = join(semicolons, '..', 'excel.out.csv');
    const excel = await cli([semicolons, '--out', out]);
    expect(excel.code).toBe(0);
    expect(excel.stdout).toMatch(/Read: +columns separated by semicolons \(";"\), as its "sep=" line says/);
    // Written as it was read: with its sep= line, so that Excel splits it the same way.
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('sep=;\r\n')).toBe(true);
    const table = parseCsv(text.slice('sep=;\r\n'.length), ';');
    // The header is the header, the user's columns stay where they were, every row has its status.
    expect(table[0]!.slice(0, 5)).toEqual(withNotes[0]);
    expect(table.slice(1).map((row) => row[4])).toEqual(['note 1', 'note 2', 'note 3', 'note 4']);
    expect(answeredRows(out, ';')).toBe(4);

    const pipes = tempFile('pipes.csv', rows.map((row) => row.join('|')).join('\n'));
    const piped = await cli([pipes, '--out', join(pipes, '..', 'pipes.out.csv')]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/Read: +columns separated by pipes \("\|"\), detected from the header line/);
    expect(answeredRows(join(pipes, '..', 'pipes.out.csv'), '|')).toBe(4);
  });

  it("writes its columns once past Excel's trailing comma, the empty columns kept", async () => {
    // Each line ends with one or two commas: empty columns, no header.
    const rows = contactRows(people(3));
    for (const [name, commas] of [
      ['comma', ','],
      ['commas', ',,'],
    ] as const) {
      const file = tempFile(`${name}.csv`, rows.map((row) => row.join(',') + commas).join('\n'));
      const out = join(file, '..', `${name}.out.csv`);
      expect((await cli([file, '--out', out])).code).toBe(0);
      const [header, ...written] = parseCsv(readFileSync(out, 'utf8'));
      const empty = commas.length;
      expect(header!.slice(0, 4 + empty)).toEqual([...rows[0]!, ...Array(empty).fill('')]);
      // One Status and one Work email (they were written twice, as "Status" and "Status (found)").
      expect(header!.filter((cell) => /^Status|^Work email$/.test(cell))).toEqual(['Status', 'Work email']);
      expect(written.map((row) => row.slice(4, 4 + empty).join(''))).toEqual(['', '', '']);
      expect(answeredRows(out)).toBe(3);
    }
  });

  it('reads UTF-16 without a byte-order mark', async () => {
    const text = contactRows(people(3)).join('\r\n');
    const file = tempFile('utf16.csv', Buffer.from(text, 'utf16le'));
    const out = join(file, '..', 'utf16.out.csv');
    const result = await cli([file, '--out', out]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(answeredRows(out)).toBe(3);
  });

  it('takes paths from the folder npm was run in (INIT_CWD)', async () => {
    const file = tempFile('from-here.csv', contactRows(people(3)).join('\n'));
    const dir = join(file, '..');
    // As `cd <dir> && npm run enrich -- from-here.csv`: npm runs the script from the package root.
    const result = await runScript('enrich.ts', ['from-here.csv', ...url(), '--api-key', SECRET], 60_000, {
      INIT_CWD: dir,
      npm_lifecycle_event: 'enrich',
    });
    expect(result.code).toBe(0);
    expect(answeredRows(join(dir, 'from-here.enriched.csv'))).toBe(3);
  });

  it('enriches a file of 10,000 columns, every column kept in place, with a small state', async () => {
    const [header, ...rows] = contactRows(people(30));
    const extra = (row: number) =>
      Array.from({ length: 9_996 }, (_, i) => (row ? `v${row}.${i}` : `Extra ${i}`));
    const table = [header!, ...rows].map((row, i) => [...row, ...extra(i)]);
    const file = tempFile('wide.csv', table.map((row) => row.join(',')).join('\n'));
    const out = join(file, '..', 'wide.out.csv');
    const result = await cli([file, '--out', out]);
    const context = result.stdout + result.stderr;
    expect({ code: result.code, context }).toEqual({ code: 0, context });
    const written = parseCsv(readFileSync(out, 'utf8'));
    expect(written).toHaveLength(31);
    expect(written.map((row) => row.slice(0, 10_000))).toEqual(table);
    expect(answeredRows(out)).toBe(30);
    expect(statSync(join(file, '..', 'wide.sheet-enrich-state.json')).size).toBeLessThan(200_000);
  });

  it('leaves no empty output when it refuses a file without usable columns', async () => {
    const file = tempFile('useless.csv', 'Foo,Bar\n1,2\n3,4\n');
    const out = join(file, '..', 'useless.out.csv');
    const result = await cli([file, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/No usable column found/)]);
    expect(existsSync(out)).toBe(false);
  });
});
