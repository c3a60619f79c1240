import { join, resolve } from 'node:path';
import { apiOptions, parseCliArgs } from '../../../scripts/lib/cli-args';
import { UsageError } from '../../../scripts/lib/run-error';

/** The message of the UsageError (the class that makes the CLI print its usage text) it throws. */
function refused(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseCliArgs', () => {
  it('names the output and state files after the input, beside it', () => {
    const options = parseCliArgs(['data/contacts.csv']);
    expect(options).toMatchObject({
      input: resolve('data/contacts.csv'),
      out: resolve('data/contacts.enriched.csv'),
      statePath: resolve('data/contacts.sheet-enrich-state.json'),
      reverse: false,
      fields: ['work_email', 'phone'],
      pollMs: 2000,
    });
    expect(options.apiUrl).toBeUndefined();
    expect(options.budgetMs).toBeUndefined();
  });

  it('takes every documented option', () => {
    const options = parseCliArgs([
      'c.csv',
      '--reverse',
      '--fields',
      'personal_email, phone,phone',
      '--out',
      '/tmp/o.csv',
      '--api-url',
      'http://127.0.0.1:8787',
      '--api-key',
      'k',
      '--budget-ms',
      '120000',
      '--poll-ms',
      '50',
      '--state',
      'st.json',
    ]);
    expect(options).toMatchObject({
      reverse: true,
      fields: ['personal_email', 'phone'],
      out: '/tmp/o.csv',
      apiUrl: 'http://127.0.0.1:8787',
      apiKey: 'k',
      budgetMs: 120000,
      pollMs: 50,
      statePath: join(process.cwd(), 'st.json'),
    });
  });

  it.each([
    [['c.csv', '--frobnicate'], /^Unknown option '--frobnicate'\.$/],
    [[], /Which CSV file/],
    [['a.csv', 'b.csv'], /One CSV file at a time/],
    [['c.csv', '--fields', 'work_email,fax'], /--fields takes work_email, personal_email, phone/],
    [['c.csv', '--fields', ''], /--fields takes/],
    [['c.csv', '--poll-ms', 'soon'], /--poll-ms wants a positive number/],
    [['c.csv', '--budget-ms', '1000'], /at least 60000/],
    [['c.csv', '--api-key', 'k'], /--api-url and --api-key go together/],
    [['c.csv', '--out'], /Option '--out <value>' argument missing/],
    // node's three lines for a value that starts with a dash, as one sentence.
    [['c.csv', '--max-polls', '-1'], /^Option '--max-polls' argument is ambiguous\.$/],
  ])('refuses %j with a sentence', (argv, message) => {
    expect(refused(argv)).toMatch(message);
  });

  it('never repeats the key in a refusal', () => {
    expect(refused(['c.csv', '--api-key', 'sk-secret-1', '--fields', 'x'])).not.toContain('sk-secret-1');
  });

  it('takes the key from SHEET_ENRICH_API_KEY when --api-key is not given', () => {
    const env = { SHEET_ENRICH_API_KEY: 'sk-env-1' };
    expect(apiOptions({ 'api-url': 'http://127.0.0.1:1' }, env)).toEqual({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: 'sk-env-1',
    });
    expect(apiOptions({ 'api-url': 'http://127.0.0.1:1', 'api-key': 'k' }, env)).toEqual({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      keyFromFlag: true,
    });
    // Without --api-url the built-in emulator runs, with its own key.
    expect(apiOptions({}, env)).toEqual({});
    expect(() => apiOptions({ 'api-url': 'http://127.0.0.1:1' }, {})).toThrow(
      /--api-url and its key go together: set the SHEET_ENRICH_API_KEY variable/,
    );
  });
});
