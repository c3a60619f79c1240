import { RUN_LOG_HEADER, RUN_LOG_SHEET } from '../../../src/store/run-log';
import type { TestWorld } from '../fakes/context';

/** The log tab's rows as header → cell records. */
export function readRunLog(world: TestWorld): Record<string, string>[] {
  const sheet = world.spreadsheet.sheets.find((candidate) => candidate.name() === RUN_LOG_SHEET);
  if (!sheet) return [];
  const values = sheet.readDisplayValues(1, 1, sheet.lastRow(), RUN_LOG_HEADER.length);
  const [header, ...rows] = values;
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}
