/** Adapter: TriggerPort over ScriptApp's time-driven triggers of this user and project. */
import type { KeyValueStore, TriggerPort } from './ports';
import { USER_PROPERTY } from './property-keys';

/** Remembers the period a trigger got: Apps Script cannot tell it afterwards. */
const periodKey = (handler: string) => USER_PROPERTY.triggerMinutesPrefix + handler;

export function timeTriggers(
  userStore: KeyValueStore,
  scriptApp: Pick<
    GoogleAppsScript.Script.ScriptApp,
    'getProjectTriggers' | 'newTrigger' | 'deleteTrigger'
  > = ScriptApp,
): TriggerPort {
  const find = (handler: string) =>
    scriptApp.getProjectTriggers().filter((trigger) => trigger.getHandlerFunction() === handler);
  return {
    ensureEveryMinutes(handler, minutes) {
      if (find(handler).length) return Number(userStore.get(periodKey(handler))) || minutes;
      let got = minutes;
      try {
        scriptApp.newTrigger(handler).timeBased().everyMinutes(minutes).create();
      } catch {
        // Editor add-ons may only run time-driven triggers hourly.
        scriptApp.newTrigger(handler).timeBased().everyHours(1).create();
        got = 60;
      }
      userStore.set(periodKey(handler), String(got));
      return got;
    },
    remove(handler) {
      for (const trigger of find(handler)) scriptApp.deleteTrigger(trigger);
    },
    has: (handler) => find(handler).length > 0,
  };
}
