/** Bearer authentication (spec §5). */
import { errorReply, type ErrorReply } from './errors';
import type { Ledger } from './ledger';

export interface Caller {
  key: string;
  workspaceId: string;
}

export function authenticate(header: string | undefined, ledger: Ledger): Caller | ErrorReply {
  if (header === undefined || header.trim() === '') return errorReply('authNotSet');
  const match = /^bearer\s+(.*)$/i.exec(header.trim());
  if (!match) return errorReply('authNotBearer');
  const key = (match[1] ?? '').trim();
  const workspaceId = ledger.workspaceOf(key);
  return workspaceId === undefined ? errorReply('unknownKey') : { key, workspaceId };
}
