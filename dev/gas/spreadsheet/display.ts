/**
 * getDisplayValues: a cell as Sheets shows it (en_US, spreadsheet zone UTC). Supports the number
 * formats an add-on typically sets: `@`, `0`, `0.00`, `#,##0`, `#,##0.00`, `0%`, `0.00%`, and date
 * patterns (`yyyy-mm-dd`, `M/d/yyyy`, `yyyy-mm-dd hh:mm:ss`...). Dates without a format show as
 * `M/d/yyyy` at midnight and `M/d/yyyy H:mm:ss` otherwise, as in an en_US spreadsheet.
 */
import type { Cell } from './parsing';

const DAY_MS = 86_400_000;
/** Sheets' serial day 0. */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);

function automaticNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(Number(value.toPrecision(10)));
}

function groupThousands(integerPart: string): string {
  return integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function isDateFormat(format: string): boolean {
  const withoutQuoted = format.replace(/"[^"]*"/g, '');
  return /[ydhs]/i.test(withoutQuoted) || (/m/i.test(withoutQuoted) && !/[0#]/.test(withoutQuoted));
}

function numericFormat(value: number, format: string): string {
  const percent = format.endsWith('%');
  const pattern = percent ? format.slice(0, -1) : format;
  const decimals = /\.([0#]+)/.exec(pattern)?.[1]?.length ?? 0;
  const fixed = Math.abs(percent ? value * 100 : value).toFixed(decimals);
  const [integerPart = '0', fraction] = fixed.split('.');
  const grouped = pattern.includes(',') ? groupThousands(integerPart) : integerPart;
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}${percent ? '%' : ''}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Sheets date tokens; `m`/`mm` mean minutes right after an hour or before seconds. */
export function formatSheetDate(date: Date, format: string): string {
  const tokens =
    format.match(/"[^"]*"|yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|AM\/PM|./gi) ?? [];
  const hours = date.getUTCHours();
  const twelveHour = tokens.some((t) => /^am\/pm$/i.test(t));
  return tokens
    .map((token, index) => {
      const lower = token.toLowerCase();
      const previous =
        tokens
          .slice(0, index)
          .reverse()
          .find((t) => /[a-z]/i.test(t))
          ?.toLowerCase() ?? '';
      const next =
        tokens
          .slice(index + 1)
          .find((t) => /[a-z]/i.test(t))
          ?.toLowerCase() ?? '';
      const isMinute =
        (lower === 'm' || lower === 'mm') && (previous.startsWith('h') || next.startsWith('s'));
      if (isMinute) return lower === 'mm' ? pad(date.getUTCMinutes()) : String(date.getUTCMinutes());
      switch (lower) {
        case 'yyyy':
          return String(date.getUTCFullYear());
        case 'yy':
          return pad(date.getUTCFullYear() % 100);
        case 'mmmm':
          return MONTHS[date.getUTCMonth()]!;
        case 'mmm':
          return MONTHS[date.getUTCMonth()]!.slice(0, 3);
        case 'mm':
          return pad(date.getUTCMonth() + 1);
        case 'm':
          return String(date.getUTCMonth() + 1);
        case 'dddd':
          return DAYS[date.getUTCDay()]!;
        case 'ddd':
          return DAYS[date.getUTCDay()]!.slice(0, 3);
        case 'dd':
          return pad(date.getUTCDate());
        case 'd':
          return String(date.getUTCDate());
        case 'hh':
          return pad(twelveHour ? hours % 12 || 12 : hours);
        case 'h':
          return String(twelveHour ? hours % 12 || 12 : hours);
        case 'ss':
          return pad(date.getUTCSeconds());
        case 's':
          return String(date.getUTCSeconds());
        case 'am/pm':
          return hours < 12 ? (token === 'AM/PM' ? 'AM' : 'am') : token === 'AM/PM' ? 'PM' : 'pm';
        default:
          return token.startsWith('"') ? token.slice(1, -1) : token;
      }
    })
    .join('');
}

function automaticDate(date: Date): string {
  const midnight = date.getTime() % DAY_MS === 0;
  return formatSheetDate(date, midnight ? 'M/d/yyyy' : 'M/d/yyyy H:mm:ss');
}

export function displayValue(cell: Cell | undefined): string {
  if (!cell) return '';
  const { value, format } = cell;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const usable = format && format !== '@' && format.toLowerCase() !== 'general' ? format : undefined;
  if (value instanceof Date) {
    return usable && isDateFormat(usable) ? formatSheetDate(value, usable) : automaticDate(value);
  }
  if (!usable) return automaticNumber(value);
  if (isDateFormat(usable)) return formatSheetDate(new Date(SERIAL_EPOCH_MS + value * DAY_MS), usable);
  return numericFormat(value, usable);
}
