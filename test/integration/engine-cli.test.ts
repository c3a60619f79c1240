/**
 * `npm run enrich` as a user runs it: a child process on a CSV file, against the test emulator (and
 * once against its own built-in one). Exit codes, messages, the enriched CSV and the state file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../scripts/lib/csv';
import { outputRows, readOutputs } from '../../scripts/lib/sheet-outputs';
import { sampleContacts } from '../../dev/emulator/sample';
import { HOSTILE, HOSTILE_STATUS, runScript, tempFile } from './support/cli';
import { contactRows, engineKit, people, SEED } from './support/engine';

const SECRET = 'sk-cli-Secret-0042';
const kit = engineKit({ keys: [SECRET], data: { people: [HOSTILE] } });
const cli = (args: string[]) => runScript('enrich.ts', args);

/** The first bytes of a zip (an .xlsx is one): what "save as .csv" by mistake gives. */
const ZIP_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);

const api = () => ['--api-url', kit.emulator().baseUrl, '--api-key', SECRET, '--poll-ms', '200'];

describe('npm run enrich', () => {
  it('enriches a CSV, writes it beside the input, and spends nothing the second time', async () => {
    const rows = contactRows(people(25));
    const file = tempFile('leads.csv', rows.map((row) => row.join(';')).join('\n'));
    const first = await cli([file, ...api()]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/Rows: +25 \(25 contacts sent/);
    expect(first.stdout).toMatch(/UrlFetch: +\d+ calls/);
    expect(first.stdout).toMatch(/Range calls: +\d+ reads, \d+ writes/);
    const spent = (await kit.emulator().admin.stats()).credits_spent;
    expect(first.stdout).toContain(`Credits:       ${spent}`);

    const outFile = join(file, '..', 'leads.enriched.csv');
    const text = readFileSync(outFile, 'utf8');
    const table = parseCsv(text, ';');
    expect(table.map((row) => row.slice(0, 4))).toEqual(rows);
    expect(readOutputs(table, 'enrich').statuses['pending']).toBeUndefined();
    const stateFile = join(file, '..', 'leads.sheet-enrich-state.json');
    expect(existsSync(stateFile)).toBe(true);

    const second = await cli([file, ...api()]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Credits: +0\n/);
    expect(second.stdout).toMatch(/UrlFetch: +0 calls/);
    expect(second.stdout).toMatch(/25 from saved results/);
    expect((await kit.emulator().admin.stats()).credits_spent).toBe(spent);
    const again = parseCsv(readFileSync(outFile, 'utf8'), ';');
    expect(readOutputs(again, 'enrich').found).toEqual(readOutputs(table, 'enrich').found);
    expect(
      Object.keys(readOutputs(again, 'enrich').statuses).every((status) => status.endsWith('(saved)')),
    ).toBe(true);

    for (const seen of [
      first.stdout,
      first.stderr,
      second.stdout,
      second.stderr,
      text,
      readFileSync(stateFile, 'utf8'),
    ])
      expect(seen).not.toContain(SECRET);
  });

  it("neutralises formulas in the API's answers and keeps the user's own cells exactly", async () => {
    const header = ['First name', 'Last name', 'Company', 'Note'];
    const mine = ['Mallory', 'Formula', 'Evil Formula', '=SUM(1)'];
    const file = tempFile('hostile.csv', [header, mine].map((row) => row.join(',')).join('\n'));
    const out = join(file, '..', 'out.csv');
    const result = await cli([file, '--out', out, ...api()]);
    expect(result).toMatchObject({ code: 0 });

    const text = readFileSync(out, 'utf8');
    const [written] = parseCsv(text).slice(1);
    expect(written!.slice(0, 4)).toEqual(mine);
    const outputs = outputRows(parseCsv(text), 'enrich')[0]!;
    expect(outputs).toMatchObject({
      workEmail: HOSTILE.work_email,
      workEmailStatus: `'${HOSTILE_STATUS}`,
      phone: "'+33 6 12 34 56 78",
    });
    expect(text).toContain('=SUM(1),');
  });

  it('runs a reverse lookup into --out with its own --state', async () => {
    const contacts = sampleContacts(SEED, 6, { withWorkEmail: true, unknownShare: 0 });
    const file = tempFile('emails.csv', ['Email', ...contacts.map((c) => c.workEmail)].join('\n'));
    const out = join(file, '..', 'out.csv');
    const state = join(file, '..', 'state.json');
    const result = await cli([file, '--reverse', '--out', out, '--state', state, ...api()]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Found: +profiles 6/);
    expect(existsSync(state)).toBe(true);
    expect(readOutputs(parseCsv(readFileSync(out, 'utf8')), 'reverse').statuses).toEqual({ found: 6 });
  });

  it.each([
    ['an empty file', '', /The file is empty/],
    ['a header alone', 'First name,Last name,Company\n', /no data rows/],
    ['an unclosed quote', 'First name,Last name,Company\n"Ada,Lovelace,Acme\n', /closing quote/],
    ['no usable column', 'Foo,Bar\n1,2\n', /No header row found|No usable column/],
    ['only an email column', 'Email\nada@acme.test\n', /No usable column found \(columns: "Email"\)/],
    ['a zip saved as .csv', ZIP_HEADER, /bad\.csv is not a text CSV file\.$/],
    ['binary behind a UTF-16 BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), ZIP_HEADER]), /not a text CSV/],
  ])('refuses %s with one line (no usage text) and exit code 2', async (_what, content, message) => {
    const result = await cli([tempFile('bad.csv', content), ...api()]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  });

  it('refuses an unknown flag with the usage text, a missing file with one line', async () => {
    const flag = await cli(['x.csv', '--colour']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/Unknown option '--colour'[\s\S]*Usage:/);
    const missing = await cli(['/nonexistent/x.csv']);
    expect(missing).toMatchObject({ code: 2, stderr: 'sheet-enrich: No such file: /nonexistent/x.csv\n' });
  });

  it('says the key was refused without printing it', async () => {
    const file = tempFile('c.csv', contactRows(people(3)).join('\n'));
    const result = await cli([file, '--api-url', kit.emulator().baseUrl, '--api-key', 'sk-wrong-9931']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/key was refused/);
    // The command line has no Settings panel: it names its own flag and variable (issue 30).
    expect(result.stderr).not.toMatch(/Settings/);
    expect(result.stderr).toMatch(/--api-key.*SHEET_ENRICH_API_KEY/);
    expect(result.stdout + result.stderr).not.toContain('sk-wrong-9931');
  });

  it('starts and stops its own emulator without --api-url', async () => {
    const file = tempFile('c.csv', contactRows(sampleContacts(1, 5)).join('\n'));
    const result = await cli([file, '--poll-ms', '500']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/built-in emulator/);
    expect(result.stdout).toMatch(/Run: +finished/);
  });

  it('reads an Excel "Unicode text" export (UTF-16 with a BOM, tab-separated)', async () => {
    const text = [
      'First name\tLast name\tCompany',
      ...contactRows(people(4))
        .slice(1)
        .map((row) => row.slice(0, 3).join('\t')),
    ].join('\r\n');
    const file = tempFile('unicode.txt', '');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const out = join(file, '..', 'out.csv');
    const result = await cli([file, '--out', out, ...api()]);
    expect(result).toMatchObject({ code: 0 });
    const table = parseCsv(readFileSync(out, 'utf8'));
    expect(table[0]!.slice(0, 3)).toEqual(['First name', 'Last name', 'Company']);
    expect(table.slice(1).map((row) => row[0])).toEqual(
      contactRows(people(4))
        .slice(1)
        .map((row) => row[0]),
    );
    expect(readOutputs(table, 'enrich').found.workEmail).toBeGreaterThan(0);
  });

  /** A state file that is valid in every part but `properties.document`. */
  const stateWithDocument = (document: unknown) =>
    JSON.stringify({
      version: 1,
      clockOffsetMs: 0,
      spreadsheet: { id: 'local', name: 'Contacts', activeSheetId: 0, sheets: [] },
      properties: { document, user: {}, script: {} },
      triggers: [],
    });

  it.each([
    ['garbage', '{not json', /not JSON/],
    [
      'the right version of the wrong shape',
      JSON.stringify({ version: 1, spreadsheet: 1, properties: 'x' }),
      /unexpected shape at /,
    ],
    [
      'a document property that is not a string',
      stateWithDocument({ runs: 1 }),
      /shape at properties\.document\.runs/,
    ],
    ['a document properties list', stateWithDocument(['a']), /shape at properties\.document\)/],
    ['another version', JSON.stringify({ version: 7 }), /format version 7, .* this one reads version 1/],
    ['no version', JSON.stringify({ spreadsheet: {} }), /not a sheet-enrich state file/],
  ])('refuses a state file of %s with one line and exit code 2', async (_what, content, reason) => {
    const file = tempFile('c.csv', contactRows(people(3)).join('\n'));
    const state = join(file, '..', 'state.json');
    writeFileSync(state, content);
    const result = await cli([file, '--state', state, ...api()]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^sheet-enrich: The state file .* cannot be read \(.+\)\. Keep it: it may name jobs that are paid for.* run the same command/i,
      ),
    ]);
    expect(result.stderr).toMatch(reason);
    // Advice that could buy anything again (issue 39): never given.
    expect(result.stderr).not.toMatch(/delete it|another --state/);
  });

  it('names the reason when the state file cannot be read at all', async () => {
    const file = tempFile('c.csv', contactRows(people(3)).join('\n'));
    const result = await cli([file, '--state', join(file, '..'), ...api()]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^sheet-enrich: --state .* is a folder: give --state a file path/),
    ]);
  });
});
