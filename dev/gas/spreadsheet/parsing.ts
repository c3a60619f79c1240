/**
 * What Sheets does with a string written by setValue(s): it parses it like typed input. Formulas,
 * numbers (leading zeros dropped), dates and booleans come out, unless the cell is plain text (`@`)
 * or the string starts with an apostrophe. The locale is en_US and the time zone the spreadsheet's.
 */
import { isValidFormula } from './formula';

export type CellValue = string | number | boolean | Date;

export interface Cell {
  value: CellValue;
  /** The formula as getFormulas returns it (with its `=`), when the cell holds one. */
  formula?: string;
  format?: string;
}

export const PLAIN_TEXT_FORMAT = '@';
export const FORMULA_PARSE_ERROR = '#ERROR!';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const PERCENT = /^([+-]?(?:\d+\.?\d*|\.\d+))%$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/;

/** A date typed in the sheet, at midnight in the spreadsheet's zone (UTC here). */
function dateFrom(
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
): Date | undefined {
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  const valid = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours < 24 && minutes < 60;
  return valid ? date : undefined;
}

function parseDate(text: string, currentYear: number): { value: Date; format: string } | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [, y, m, d, hh, mm, ss] = iso.map(Number);
    const value = dateFrom(y!, m!, d!, hh || 0, mm || 0, ss || 0);
    const format = iso[4] === undefined ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
    return value && { value, format };
  }
  const us = US_DATE.exec(text);
  if (us) {
    const year =
      us[3] === undefined ? currentYear : us[3].length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
    const value = dateFrom(year, Number(us[1]), Number(us[2]));
    return value && { value, format: 'M/d/yyyy' };
  }
  return undefined;
}

/**
 * The cell Sheets makes of a typed string. `format` is the cell's current number format; an
 * automatic format (date, percent) is only applied when the cell has none.
 */
export function parseTypedInput(input: string, format: string | undefined, now = new Date()): Cell {
  const keep = (value: CellValue, autoFormat?: string): Cell => {
    const cellFormat = format ?? autoFormat;
    return cellFormat === undefined ? { value } : { value, format: cellFormat };
  };
  if (format === PLAIN_TEXT_FORMAT) return keep(input);
  if (input.startsWith("'")) return keep(input.slice(1));
  const text = input.trim();
  if (text === '') return keep(input);
  if (NUMBER.test(text)) return keep(Number(text));
  if (GROUPED_NUMBER.test(text)) return keep(Number(text.replace(/,/g, '')));
  const percent = PERCENT.exec(text);
  if (percent) return keep(Number(percent[1]) / 100, percent[1]!.includes('.') ? '0.00%' : '0%');
  if (/^(true|false)$/i.test(text)) return keep(text.toLowerCase() === 'true');
  const date = parseDate(text, now.getUTCFullYear());
  if (date) return keep(date.value, date.format);
  // `+…` and `-…` are typed formulas too: "+1 555-123-4567" becomes =+1 555-123-4567, a parse error.
  const typedFormula = text.startsWith('=') || text.startsWith('+') || text.startsWith('-');
  if (typedFormula && text.length > 1) {
    return formulaCell(text.startsWith('=') ? text : `=${text}`, format);
  }
  return keep(input);
}

/** A formula cell. There is no formula engine: a valid formula's value is '' until the harness sets one. */
export function formulaCell(formula: string, format?: string): Cell {
  const value = isValidFormula(formula) ? '' : FORMULA_PARSE_ERROR;
  return format === undefined ? { value, formula } : { value, formula, format };
}

/** A non-string value is stored as it is (null and undefined clear the cell). */
export function cellFromWrittenValue(value: unknown, format: string | undefined, now?: Date): Cell {
  if (typeof value === 'string') return parseTypedInput(value, format, now);
  const keep = (v: CellValue): Cell => (format === undefined ? { value: v } : { value: v, format });
  if (value === null || value === undefined) return keep('');
  if (typeof value === 'number' || typeof value === 'boolean') return keep(value);
  if (Object.prototype.toString.call(value) === '[object Date]') {
    return keep(new Date(Date.prototype.getTime.call(value)));
  }
  return keep(String(value));
}
