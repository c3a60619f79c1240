/** Utilities, Session and HtmlService. */
import { createHash, createHmac } from 'node:crypto';
import { HarnessClock } from '../../dev/gas/clock';
import { FakeUtilities, formatJavaDate } from '../../dev/gas/utilities';
import { loadScript } from './support/script';

const signed = (buffer: Buffer) => Array.from(buffer, (b) => (b > 127 ? b - 256 : b));

describe('FakeUtilities', () => {
  const clock = new HarnessClock();
  const utilities = new FakeUtilities(clock);

  it('computes digests and HMACs as signed byte arrays', () => {
    expect(utilities.computeDigest('SHA_256', 'abc')).toEqual(
      signed(createHash('sha256').update('abc').digest()),
    );
    expect(utilities.computeDigest('MD5', 'abc')).toEqual(signed(createHash('md5').update('abc').digest()));
    expect(utilities.computeDigest('MD5', 'abc').some((b) => b < 0)).toBe(true);
    expect(utilities.computeHmacSha256Signature('msg', 'key')).toEqual(
      signed(createHmac('sha256', 'key').update('msg').digest()),
    );
    expect(utilities.computeHmacSignature('HMAC_SHA_1', 'msg', 'key')).toEqual(
      signed(createHmac('sha1', 'key').update('msg').digest()),
    );
  });

  it('encodes and decodes base64, web-safe too, from strings and signed bytes', () => {
    expect(utilities.base64Encode('héllo?>')).toBe(Buffer.from('héllo?>').toString('base64'));
    expect(utilities.base64EncodeWebSafe([-1, -2, -3])).toBe('__79');
    expect(utilities.base64Decode('//79')).toEqual([-1, -2, -3]);
    expect(utilities.newBlob(utilities.base64DecodeWebSafe('aMOpbGxv')).getDataAsString()).toBe('héllo');
  });

  it('sleeps on the harness clock without blocking', () => {
    const before = clock.now();
    const started = Date.now();
    utilities.sleep(120_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(120_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('formats dates with SimpleDateFormat patterns in a time zone', () => {
    const date = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
    expect(formatJavaDate(date, 'UTC', "yyyy-MM-dd'T'HH:mm:ss")).toBe('2024-03-05T14:07:09');
    expect(formatJavaDate(date, 'Europe/Paris', 'dd/MM/yy HH:mm Z')).toBe('05/03/24 15:07 +0100');
    expect(formatJavaDate(date, 'America/New_York', 'EEE, MMM d, h:mm a')).toBe('Tue, Mar 5, 9:07 AM');
    expect(formatJavaDate(date, 'UTC', 'EEEE MMMM')).toBe('Tuesday March');
  });

  it('gives distinct UUIDs', () => {
    expect(utilities.getUuid()).toMatch(/^[0-9a-f-]{36}$/);
    expect(utilities.getUuid()).not.toBe(utilities.getUuid());
  });
});

describe('Session and HtmlService in an execution', () => {
  const addon = loadScript(
    `
    function who() { return [Session.getActiveUser().getEmail(), Session.getScriptTimeZone(), Session.getTemporaryActiveUserKey().length > 0]; }
    function sidebar() {
      SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Panel').setWidth(300));
    }
    function missing() { try { HtmlService.createHtmlOutputFromFile('Nope'); } catch (e) { return String(e); } }
    function template() {
      var t = HtmlService.createTemplateFromFile('Page');
      t.name = '<Ada>';
      return t.evaluate().getContent();
    }
    function bytes() { return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_1, 'x') instanceof Array; }
    `,
    { userEmail: 'ada@example.com' },
    { 'Sidebar.html': '<p>sidebar</p>', 'Page.html': 'Hi <?= name ?> / <?!= name ?>' },
  );
  afterAll(() => addon.close());

  it('knows the user and the script time zone', () => {
    expect(addon.call('who')).toEqual(['ada@example.com', 'Etc/UTC', true]);
  });

  it('serves HTML files of the project and records the sidebar shown', () => {
    addon.call('sidebar');
    expect(addon.ui.lastSidebar).toEqual({
      title: 'Panel',
      content: '<p>sidebar</p>',
      width: 300,
      height: undefined,
    });
    expect(addon.call('missing')).toBe('Exception: No HTML file named Nope was found.');
  });

  it('evaluates printing scriptlets of a template, escaping <?= ?>', () => {
    expect(addon.call('template')).toBe('Hi &#60;Ada&#62; / <Ada>');
  });

  it('returns byte arrays as context arrays', () => {
    expect(addon.call('bytes')).toBe(true);
  });
});
