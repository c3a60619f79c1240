/**
 * One user, the add-on in two spreadsheets (ScriptApp reference: getProjectTriggers lists the
 * triggers "associated with the current project and current user", getUserTriggers(spreadsheet)
 * those "owned by this user in the given spreadsheet, for this script or add-on only"; editor
 * add-on guide: one trigger of each type "per user, per document").
 */
import type { Addon } from '../../dev/gas/harness';
import { loadScript } from './support/script';

const CODE = `
function install() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); return 'created'; }
function attempt() { try { return install(); } catch (e) { return String(e); } }
function projectTriggers() { return ScriptApp.getProjectTriggers().length; }
function userTriggers() { return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).length; }
function tick() {
  var props = PropertiesService.getDocumentProperties();
  props.setProperty('ticks', String(Number(props.getProperty('ticks') || 0) + 1));
}
function removeProjectTriggers() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function whereAmI() { return SpreadsheetApp.getActiveSpreadsheet().getId(); }
function remember(v) { PropertiesService.getUserProperties().setProperty('seen', v); }
function recall() { return PropertiesService.getUserProperties().getProperty('seen'); }
`;

describe('one user, the add-on in several documents', () => {
  let first: Addon;
  let second: Addon;
  beforeEach(() => {
    first = loadScript(CODE, { addon: true, now: Date.UTC(2024, 0, 1) });
    second = first.openDocument();
  });
  afterEach(() => {
    first.close();
    second.close();
  });

  it('is two spreadsheets with one user: user properties follow the user, not the document', () => {
    expect(first.call('whereAmI')).not.toBe(second.call('whereAmI'));
    first.call('remember', 'from the first');
    expect(second.call('recall')).toBe('from the first');
    expect(second.userEmail).toBe(first.userEmail);
  });

  it('allows one time-driven trigger per user per document, not per user', () => {
    expect(first.call('attempt')).toBe('created');
    expect(second.call('attempt')).toBe('created');
    expect(first.call('attempt')).toBe(
      'Exception: This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    expect(first.triggers()).toHaveLength(1);
    expect(second.triggers()).toHaveLength(1);
  });

  it('lists every document’s triggers in getProjectTriggers, one document’s in getUserTriggers', () => {
    first.call('install');
    second.call('install');
    expect(first.call('projectTriggers')).toBe(2);
    expect(first.call('userTriggers')).toBe(1);
    // Deleting "the project's triggers" from one spreadsheet deletes the other's too.
    first.call('removeProjectTriggers');
    expect(second.triggers()).toHaveLength(0);
  });

  it('runs each trigger in the document it was created in, whichever view fires', () => {
    first.call('install');
    second.call('install');
    first.advanceClock(60 * 60_000);
    expect(first.fireTriggers()).toBe(2);
    expect(first.properties.document.getProperty('ticks')).toBe('1');
    expect(second.properties.document.getProperty('ticks')).toBe('1');
  });
});
