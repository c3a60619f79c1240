/**
 * The fields to find a user ticked last in the Enrich panel, kept in their user properties: a
 * choice of what to pay for is the user's, whichever spreadsheet they open next.
 */
import type { EnrichField } from '../../domain/fields';
import { USER_PROPERTY } from '../../platform/property-keys';
import type { PlatformPorts } from '../../platform/ports';
import { decodeRecord, encodeRecord, fieldsSchema, recordCodec } from '../../store/stored-records';

/** What a user who never chose gets: the cheap work email and the mobile phone people come for. */
export const DEFAULT_FIELDS: readonly EnrichField[] = ['work_email', 'phone'];

const FIELD_CHOICE_CODEC = recordCodec('choice of fields', 1, () => ({ fields: fieldsSchema() }));

/** The user's last choice, or the default. */
export function readFieldChoice(ctx: Pick<PlatformPorts, 'userStore' | 'log'>): EnrichField[] {
  const text = ctx.userStore.get(USER_PROPERTY.enrichFields);
  const decoded = text ? decodeRecord(FIELD_CHOICE_CODEC, text) : undefined;
  // A preference only: the default serves, the warning says why, and the next choice replaces it.
  if (decoded?.ok === false) ctx.log.warn(`The remembered fields could not be read: ${decoded.reason}.`);
  return decoded?.ok && decoded.value.fields.length ? decoded.value.fields : [...DEFAULT_FIELDS];
}

/**
 * Keeps a choice for next time. An empty one is not kept (it would open the panel with nothing to
 * find), and an unchanged one is not written again: the page re-plans on every click.
 */
export function rememberFieldChoice(
  ctx: Pick<PlatformPorts, 'userStore' | 'log'>,
  fields: readonly EnrichField[],
): void {
  if (fields.length === 0) return;
  const text = encodeRecord(FIELD_CHOICE_CODEC, { fields: [...new Set(fields)] });
  if (ctx.userStore.get(USER_PROPERTY.enrichFields) !== text)
    ctx.userStore.set(USER_PROPERTY.enrichFields, text);
}
