/**
 * The custom functions Sheets calls (re-exported by src/index.ts; the build copies their JSDoc,
 * which Sheets shows as help and autocomplete). Their names are a public contract: keep them.
 * Each answers from saved results only: no API call, no key, no credits.
 */
import {
  answerFormula,
  contactFieldSpec,
  PROFILE_SPEC,
  REVERSE_SPEC,
} from '../features/formulas/custom-functions';
import { LIMITS } from '../domain/limits';
import { createContext } from './context';

type Cells = unknown;

const formulaContext = () => createContext(LIMITS.customFunctionMs);

/**
 * The work email of a person, from Sheet Enrich's saved results. A miss is queued: get it from
 * Extensions › Sheet Enrich › Get formula results. Never spends credits on its own.
 *
 * @param {string|string[][]} first_name First name (or a full name), or a column of them.
 * @param {string|string[][]} last_name Last name, or a column of them.
 * @param {string|string[][]} company Company name, domain, website or work email.
 * @param {string|string[][]} [profile_url] The person's profile URL (optional).
 * @param {boolean} [show_invalid] TRUE to show an address that will bounce as it is, not as "Invalid: …".
 * @return The work email, "Invalid: …" for an address that will bounce, or a status such as "⏳ queued" or "— not found".
 * @customfunction
 */
export function ENRICH_EMAIL(
  first_name: Cells,
  last_name: Cells,
  company: Cells,
  profile_url?: Cells,
  show_invalid?: Cells,
) {
  return answerFormula(formulaContext(), contactFieldSpec('work_email'), [
    first_name,
    last_name,
    company,
    profile_url,
    show_invalid,
  ]);
}

/**
 * The personal email of a person, from Sheet Enrich's saved results. A miss is queued: get it from
 * Extensions › Sheet Enrich › Get formula results. Never spends credits on its own.
 *
 * @param {string|string[][]} first_name First name (or a full name), or a column of them.
 * @param {string|string[][]} last_name Last name, or a column of them.
 * @param {string|string[][]} company Company name, domain, website or work email.
 * @param {string|string[][]} [profile_url] The person's profile URL (optional).
 * @param {boolean} [show_invalid] TRUE to show an address that will bounce as it is, not as "Invalid: …".
 * @return The personal email, "Invalid: …" for an address that will bounce, or a status such as "⏳ queued" or "— not found".
 * @customfunction
 */
export function ENRICH_PERSONAL_EMAIL(
  first_name: Cells,
  last_name: Cells,
  company: Cells,
  profile_url?: Cells,
  show_invalid?: Cells,
) {
  return answerFormula(formulaContext(), contactFieldSpec('personal_email'), [
    first_name,
    last_name,
    company,
    profile_url,
    show_invalid,
  ]);
}

/**
 * The mobile phone of a person, from Sheet Enrich's saved results. A miss is queued: get it from
 * Extensions › Sheet Enrich › Get formula results. Never spends credits on its own.
 *
 * @param {string|string[][]} first_name First name (or a full name), or a column of them.
 * @param {string|string[][]} last_name Last name, or a column of them.
 * @param {string|string[][]} company Company name, domain, website or work email.
 * @param {string|string[][]} [profile_url] The person's profile URL (optional).
 * @return The phone number, or a status such as "⏳ queued" or "— not found".
 * @customfunction
 */
export function ENRICH_PHONE(first_name: Cells, last_name: Cells, company: Cells, profile_url?: Cells) {
  return answerFormula(formulaContext(), contactFieldSpec('phone'), [
    first_name,
    last_name,
    company,
    profile_url,
  ]);
}

/**
 * A field of the person behind a profile URL, from Sheet Enrich's saved results.
 *
 * @param {string|string[][]} profile_url The person's profile URL, or a column of them.
 * @param {string} [field] "full name" (default), "first name", "last name", "title", "company", "company domain", "location" or "profile url".
 * @return The field's value, or a status such as "⏳ queued" or "— not found".
 * @customfunction
 */
export function ENRICH_PROFILE(profile_url: Cells, field?: Cells) {
  return answerFormula(formulaContext(), PROFILE_SPEC, [profile_url, field]);
}

/**
 * A field of the person behind an email (a reverse lookup), from Sheet Enrich's saved results.
 *
 * @param {string|string[][]} email A work or personal email, or a column of them.
 * @param {string} [field] "full name" (default), "first name", "last name", "title", "company", "company domain", "location" or "profile url".
 * @return The field's value, or a status such as "⏳ queued" or "— not found".
 * @customfunction
 */
export function REVERSE_EMAIL(email: Cells, field?: Cells) {
  return answerFormula(formulaContext(), REVERSE_SPEC, [email, field]);
}
