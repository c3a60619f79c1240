/**
 * Who a run, a job, a schedule or the automatic formulas belong to, in a document a team shares:
 * the user (a random id kept in their own user properties, see USER_PROPERTY.userId) and the key
 * that pays (a non-secret id derived from it: the key itself never leaves the user's properties).
 */
import type { KeyValueStore } from '../platform/ports';
import { USER_PROPERTY } from '../platform/property-keys';
import { cyrb53 } from '../sheet/fingerprint';

/**
 * A short, stable id of an API key: its 53-bit hash. It tells keys apart in the document's records
 * without revealing them.
 */
export const keyIdOf = (key: string): string => cyrb53(key, 7).toString(36);

/** The id of the saved key; undefined without one. */
export function savedKeyId(userStore: KeyValueStore): string | undefined {
  const key = userStore.get(USER_PROPERTY.apiKey)?.trim();
  return key ? keyIdOf(key) : undefined;
}

/**
 * This user's id, made on first need. Custom functions may not write user properties: there the id
 * is "" until the user's sidebar or trigger has made one (custom functions start no runs).
 */
export function userIdOf(userStore: KeyValueStore): string {
  const stored = userStore.get(USER_PROPERTY.userId);
  if (stored) return stored;
  const id = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  try {
    userStore.set(USER_PROPERTY.userId, id);
  } catch {
    return '';
  }
  return id;
}

/** The workspace the saved key verified to, if it is known for that very key. */
export function knownWorkspace(userStore: KeyValueStore, keyId: string | undefined): string | undefined {
  const [forKey, workspace] = (userStore.get(USER_PROPERTY.keyWorkspace) ?? '').split(' ');
  return keyId && forKey === keyId && workspace ? workspace : undefined;
}

/** Remembers the workspace a key verified to (Verify, Save, or a poll that needed it). */
export function rememberWorkspace(userStore: KeyValueStore, keyId: string, workspace: string): void {
  if (knownWorkspace(userStore, keyId) !== workspace)
    userStore.set(USER_PROPERTY.keyWorkspace, `${keyId} ${workspace}`);
}
