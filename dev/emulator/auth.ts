/** Bearer authentication (spec §5). */
import { errorReply, type ErrorReply } from './errors';
import type { KeyRing } from './keyring';
import type { Payer } from './books';

/** The key of a request and its workspace: whatever the request costs is booked to both. */
export type Caller = Payer;

export function authenticate(header: string | undefined, keyRing: KeyRing): Caller | ErrorReply {
  if (header === undefined || header.trim() === '') return errorReply('authNotSet');
  const match = /^bearer\s+(.*)$/i.exec(header.trim());
  if (!match) return errorReply('authNotBearer');
  const key = (match[1] ?? '').trim();
  const workspaceId = keyRing.workspaceOf(key);
  return workspaceId === undefined ? errorReply('unknownKey') : { key, workspaceId };
}
