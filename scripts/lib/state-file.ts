/**
 * The CLI's state file: the local spreadsheet's stored state (ledger sheet, document and user
 * properties, triggers) between runs, so the same rows never cost credits twice.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { RuntimeState } from '../../dev/gas/harness';
import { EnrichRunError } from './run-error';

/** The key is a secret and the base URL changes with every emulator: both come from the command line. */
export function withoutSecrets(state: RuntimeState): RuntimeState {
  const user = { ...state.properties.user };
  delete user[USER_PROPERTY.apiKey];
  delete user[USER_PROPERTY.apiBaseUrl];
  return { ...state, properties: { ...state.properties, user } };
}

export function readStateFile(file: string): RuntimeState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as RuntimeState;
    if (state?.version !== 1 || !state.spreadsheet || !state.properties) throw new Error('unknown format');
    return state;
  } catch (error) {
    throw new EnrichRunError(
      `The state file ${file} cannot be read (${(error as Error).message}): delete it or pick another with --state.`,
    );
  }
}

export function writeStateFile(file: string, state: RuntimeState): void {
  writeFileSync(file, JSON.stringify(withoutSecrets(state)));
}
