/**
 * dev/gas/PARITY.md lists every Apps Script service dist/Code.js calls: a service the bundle starts
 * using without a row (its rules, their source, whether the runtime enforces them) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDist, ROOT } from '../artifact/dist';

/** Apps Script's top-level services (reference index), and console. */
const SERVICES = [
  'AdminDirectory',
  'Browser',
  'CacheService',
  'CalendarApp',
  'CardService',
  'Charts',
  'ContactsApp',
  'ContentService',
  'DataStudioApp',
  'DocumentApp',
  'DriveApp',
  'FormApp',
  'GmailApp',
  'GroupsApp',
  'HtmlService',
  'Jdbc',
  'LanguageApp',
  'LockService',
  'Logger',
  'MailApp',
  'Maps',
  'PropertiesService',
  'ScriptApp',
  'Session',
  'SitesApp',
  'SlidesApp',
  'SpreadsheetApp',
  'UrlFetchApp',
  'Utilities',
  'XmlService',
  'console',
];

describe('the parity table', () => {
  const table = readFileSync(join(ROOT, 'dev/gas/PARITY.md'), 'utf8');
  const listed = table.slice(table.indexOf('## Services the bundle calls'), table.indexOf('## Behaviours'));

  it('has a row for every Apps Script service the bundle calls', () => {
    const bundle = readDist('Code.js');
    const called = SERVICES.filter(
      (name) => new RegExp(`\\b${name}\\.`).test(bundle) || new RegExp(`=${name}\\b`).test(bundle),
    );
    expect(called).toEqual(expect.arrayContaining(['SpreadsheetApp', 'UrlFetchApp', 'ScriptApp', 'Session']));
    for (const name of called)
      expect({ name, listed: listed.includes(`\`${name}`) }).toEqual({ name, listed: true });
  });
});
