/**
 * `npm run enrich` keeps the user's files safe (issue 32): a multi-line cell stays one record, the
 * output never replaces the input or the state, a file that is not all UTF-8 is said so with its
 * lines, the input's BOM is kept, and the key can come from SHEET_ENRICH_API_KEY.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { runScript, tempFile } from './support/cli';
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
