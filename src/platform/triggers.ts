/**
 * Adapter: TriggerPort over ScriptApp's time-driven triggers of this user in this spreadsheet.
 *
 * For an add-on, ScriptApp's project-wide listing gives "all installable triggers associated with the
 * current project and current user": the user's triggers of every document where they use the add-on. Found
 * that way, a poll ending in one spreadsheet would delete the trigger of another, and a second
 * spreadsheet would get none since one "exists". `getUserTriggers(spreadsheet)` lists those "owned by
 * this user in the given spreadsheet, for this script or add-on only"
 * (https://developers.google.com/apps-script/reference/script/script-app), which matches the editor
 * add-on rule of one trigger of each type "per user, per document"
 * (https://developers.google.com/workspace/add-ons/concepts/editor-triggers).
 */
import type { KeyValueStore, TriggerPort } from './ports';
import { USER_PROPERTY } from './property-keys';

type ScriptAppTriggers = Pick<
  GoogleAppsScript.Script.ScriptApp,
  'getUserTriggers' | 'newTrigger' | 'deleteTrigger'
>;
type Document = Parameters<GoogleAppsScript.Script.ScriptApp['getUserTriggers']>[0];

/**
 * Remembers the period a trigger got: Apps Script cannot tell it afterwards. User properties are the
 * user's in every document, and so is a plain key: the spreadsheet id keeps one document's period
 * from answering for another's trigger.
 */
const periodKey = (documentId: string, handler: string) =>
  `${USER_PROPERTY.triggerMinutesPrefix}${documentId}.${handler}`;

export function timeTriggers(
  userStore: KeyValueStore,
  scriptApp: ScriptAppTriggers = ScriptApp,
  activeDocument: () => Document = () => SpreadsheetApp.getActiveSpreadsheet(),
): TriggerPort {
  let document: Document | undefined;
  // One spreadsheet lookup per execution, on first use: most executions touch no trigger.
  const here = (): Document => (document ??= activeDocument());
  const find = (handler: string) =>
    scriptApp.getUserTriggers(here()).filter((trigger) => trigger.getHandlerFunction() === handler);
  const key = (handler: string) => periodKey(here().getId(), handler);
  return {
    ensureEveryMinutes(handler, minutes, created) {
      if (find(handler).length) return Number(userStore.get(key(handler))) || minutes;
      let got = minutes;
      try {
        scriptApp.newTrigger(handler).timeBased().everyMinutes(minutes).create();
      } catch {
        // Editor add-ons may only run time-driven triggers hourly.
        scriptApp.newTrigger(handler).timeBased().everyHours(1).create();
        got = 60;
      }
      userStore.set(key(handler), String(got));
      created?.();
      return got;
    },
    remove(handler) {
      for (const trigger of find(handler)) scriptApp.deleteTrigger(trigger);
    },
    has: (handler) => find(handler).length > 0,
  };
}
