/**
 * The benchmark of per-cell formulas: `=ENRICH_EMAIL(A2,B2,C2)` dragged down a column, over a
 * ledger of 1,000 answers and one of 50,000, each formula a cold execution (a fresh runtime: empty
 * cache). Its cost must not grow with the ledger: the time ratio of the two (target ≤ 1.5), also
 * without the time the fake TextFinder spends scanning (in real Sheets that scan runs on Google's
 * side, at a speed these fakes do not imitate), and per execution the Range calls (TextFinder's
 * included), the cells Range reads sent and the cells searches scanned. Every formula must show the address saved for its own person.
 * For comparison, the range form `=ENRICH_EMAIL(A2:A21,B2:B21,C2:C21)` over the same rows: one
 * execution for the whole column (`range_formula_*`).
 */
import { sampleContacts, type SampleContact } from '../../dev/emulator/sample';
import { loadAddon } from '../../dev/gas/harness';
import { fillLedger, savedEmail } from './ledger-fill';

const FORMULAS = 20;
/**
 * Rounds per form and ledger size, interleaved; the median execution counts: the machine is shared,
 * and one execution's time swings by several milliseconds with what else runs.
 */
const ROUNDS = 5;

interface Round {
  /** Each execution's time. */
  ms: number[];
  /** Per execution: the time the fake TextFinder took to scan (Sheets' side in real Sheets). */
  searchMs: number;
  rangeCalls: number;
  cellsRead: number;
  cellsSearched: number;
  right: number;
}

function round(
  apiBaseUrl: string,
  answers: number,
  people: readonly SampleContact[],
  form: 'cell' | 'range',
): Round {
  const addon = loadAddon({ apiBaseUrl, allowLoopback: true });
  try {
    fillLedger(addon, answers, people);
    // Called as Sheets calls a custom function, with the cells' values: the time is the executions'
    // own (the add-on, the fakes' work for it, TextFinder's scan included), not the harness's
    // bookkeeping of which cells to recalculate, which grows with the document.
    const call = (...args: unknown[]) =>
      addon.callWith<string | string[][]>({ customFunction: true }, 'ENRICH_EMAIL', ...args);
    const column = (key: 'firstName' | 'lastName' | 'domain') => people.map((p) => [p[key]]);
    addon.counts.reset();
    const ms: number[] = [];
    const timed = <T>(run: () => T): T => {
      const started = performance.now();
      const result = run();
      ms.push(performance.now() - started);
      return result;
    };
    const shown =
      form === 'cell'
        ? people.map((p) => timed(() => call(p.firstName, p.lastName, p.domain)))
        : timed(() => call(column('firstName'), column('lastName'), column('domain')) as string[][]).map(
            ([v]) => v,
          );
    const runs = addon.counts.customFunctionRuns;
    const rangeCalls = Object.entries(addon.counts.snapshot())
      .filter(([name]) => /^(Range|RangeList|TextFinder)\./.test(name))
      .reduce((sum, [, count]) => sum + count, 0);
    return {
      ms,
      searchMs: addon.counts.msIn('TextFinder.findAll') / runs,
      rangeCalls: rangeCalls / runs,
      cellsRead: addon.counts.cellsRead / runs,
      cellsSearched: addon.counts.cellsSearched / runs,
      right: shown.filter((email, i) => email === savedEmail(people[i]!)).length,
    };
  } finally {
    addon.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (value: number) => Number(value.toFixed(2));

/** One JSON field per figure: `percell_*` for the per-cell form, `range_formula_*` for the range form. */
export function perCellBench(apiBaseUrl: string, seed: number): Record<string, number> {
  const people = sampleContacts(seed + 1, FORMULAS);
  const runs = [
    ['percell', 'cell', '1k', 1_000],
    ['percell', 'cell', '50k', 50_000],
    ['range_formula', 'range', '1k', 1_000],
    ['range_formula', 'range', '50k', 50_000],
  ] as const;
  const rounds = runs.map(() => [] as Round[]);
  for (let i = 0; i < ROUNDS; i++)
    runs.forEach(([, form, , answers], n) => rounds[n]!.push(round(apiBaseUrl, answers, people, form)));
  const line: Record<string, number> = { percell_formulas: FORMULAS };
  runs.forEach(([prefix, , label], n) => {
    const all = rounds[n]!;
    line[`${prefix}_ms_${label}`] = fixed(median(all.flatMap((r) => r.ms)));
    line[`${prefix}_search_ms_${label}`] = fixed(median(all.map((r) => r.searchMs)));
    line[`${prefix}_range_calls_${label}`] = fixed(all[0]!.rangeCalls);
    line[`${prefix}_cells_read_${label}`] = fixed(all[0]!.cellsRead);
    line[`${prefix}_cells_searched_${label}`] = fixed(all[0]!.cellsSearched);
    line[`${prefix}_right_${label}`] = Math.min(...all.map((r) => r.right));
  });
  line.percell_time_ratio = fixed(line.percell_ms_50k! / line.percell_ms_1k!);
  // The same without the fake's scan: the add-on's own cost, which must not grow with the ledger.
  const own = (label: string) => line[`percell_ms_${label}`]! - line[`percell_search_ms_${label}`]!;
  line.percell_time_ratio_without_search = fixed(own('50k') / own('1k'));
  return line;
}
