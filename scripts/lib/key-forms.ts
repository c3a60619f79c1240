/**
 * An oracle for "no form of the key appears", written apart from src/api/scrub.ts (a scrubber
 * cannot be its own judge): Node's own decoders undo each clothing the key may wear, and what is
 * left is searched for any 12 characters of the key in a row, in any letter case.
 */
import type { Addon } from '../../dev/gas/harness';

const RUN = 12;

/** Text with %XX and JSON escapes decoded (either hex case), whitespace removed, lower-cased. */
function unclothed(text: string): string {
  return text
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\[nrt]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Each base64-looking stretch decoded at each of its four possible starts. */
function base64Decodings(text: string): string[] {
  const compact = text.replace(/\s+/g, '');
  return (compact.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []).flatMap((token) =>
    [0, 1, 2, 3].map((skip) => {
      const part = token.slice(skip).replace(/-/g, '+').replace(/_/g, '/');
      return Buffer.from(part.slice(0, part.length - (part.length % 4)), 'base64').toString('latin1');
    }),
  );
}

/** The stretches of 12 of `key`'s characters found in `text` in any of its clothes ([] when none). */
export function keyFormsIn(text: string, key: string): string[] {
  const forms = [unclothed(text), ...base64Decodings(text).map(unclothed)];
  const wanted = key.toLowerCase();
  const found = new Set<string>();
  for (let i = 0; i + RUN <= wanted.length; i++)
    if (forms.some((form) => form.includes(wanted.slice(i, i + RUN)))) found.add(wanted.slice(i, i + RUN));
  return [...found];
}

/**
 * Everything the add-on wrote where people or other executions read it, as separate texts: every
 * cell (values and formulas) of every sheet, the execution log, toasts and sidebars, document
 * properties, and the user's properties but the key itself.
 */
export function writtenTexts(addon: Addon, apiKeyProperty = 'sheetEnrich.apiKey'): string[] {
  const cells = addon.spreadsheet.getSheets().flatMap((sheet) => {
    if (sheet.getLastRow() === 0) return [];
    const range = sheet.getDataRange();
    return [...range.getValues().flat().map(String), ...range.getFormulas().flat()];
  });
  const { [apiKeyProperty]: _key, ...user } = addon.properties.user.getProperties();
  return [
    ...cells,
    ...addon.logs(),
    ...addon.ui.toasts.map((toast) => JSON.stringify(toast)),
    ...addon.ui.sidebars.map((page) => page.content),
    ...Object.values(addon.properties.document.getProperties()),
    ...Object.values(user),
  ];
}
