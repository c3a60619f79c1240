/**
 * What the Enrich and Reverse panels say about a plan, in words: what one clicked cell planned,
 * why the mapping cannot work yet (at the top, where the eye starts), what will be sent and what
 * it costs, and, when there is nothing to send, why, with the one click that helps.
 */
import type { JobKind } from '../src/domain/runs';
import type { InputKey, PlanView } from '../src/app/sidebar-contract';
import { agree, formatNumber, h, plural, uniqueId } from './dom';
import { INPUT_HEADERS, INPUTS_BY_KIND } from './labels';

/** What the notes' buttons do; the panel re-plans or acts. */
export interface PlanActions {
  /** Plan only the row of the one selected cell (row given), or the whole table again (null). */
  onlyRow(row: number | null): void;
  /** Tick "look up again" and re-plan. */
  lookUpAgain(): void;
}

const SKIPPED_ROWS_LISTED = 50;
/** What a start does to a sheet without a header row (src/sheet/writer.ts addHeaderRow). */
export const HEADER_ROW_ADDED =
  'Start adds a header row above row 1 for the results (your rows move down one).';

/** A run whose price is zero (a price table with a free item) still says so before it starts. */
export const FREE_RUN = 'The price list charges no credits for this.';

const NEEDS: Readonly<Record<JobKind, string>> = {
  enrich:
    'A row needs First name and Last name (or Full name) with Company name or Company domain; or a Profile URL.',
  reverse: 'A row needs an Email.',
};

/** "1 row has", "3 rows have". */
const rowsHave = (count: number) => `${plural(count, 'row')} ${agree(count, 'has', 'have')}`;

const linkButton = (label: string, onclick: () => void) =>
  h('button', { type: 'button', class: 'link', onclick }, label);

/** Rows that are sent, or filled from saved results or from a duplicate: a run has work to do. */
export const hasWork = (view: PlanView) =>
  view.contactsToSend + view.rowsFromLedger + view.rowsFromDuplicates > 0;

/** One selected cell: the whole table was planned for it; one click plans its row alone, and back. */
export function cellNote(view: PlanView, actions: PlanActions): HTMLElement | null {
  const { cell } = view;
  if (!cell) return null;
  if (!cell.wholeTable) {
    return h(
      'p',
      { class: 'hint cell-note' },
      `Only row ${cell.row}, the row of the selected cell. `,
      linkButton('All rows', () => actions.onlyRow(null)),
    );
  }
  const dataRow = cell.row > view.headerRow && view.rows > 1;
  const table =
    view.rows === 1 ? 'the one row of this table' : `all ${formatNumber(view.rows)} rows of this table`;
  return h(
    'p',
    { class: 'hint cell-note' },
    `You selected one cell: ${table}. `,
    dataRow ? linkButton(`Only row ${cell.row}`, () => actions.onlyRow(cell.row)) : null,
  );
}

/** Why the mapping cannot send a row yet; for a sheet without a header row, what Start adds. */
export function problemLines(view: PlanView): Node[] {
  if (view.columns.length === 0) return [];
  if (!view.mappingComplete) {
    const mapped = INPUTS_BY_KIND[view.kind].some((input) => view.mapping[input] !== undefined);
    const why =
      view.headerRow === 0
        ? 'No header row. Choose which column holds what, by column letter:'
        : !view.headerDetected && !mapped
          ? 'No column was recognised by its header. Choose which column holds what:'
          : 'Some columns are still to choose:';
    return [h('p', {}, h('strong', {}, why)), h('p', {}, NEEDS[view.kind])];
  }
  if (view.headerRow > 0 || view.rows === 0) return [];
  // In the order the new row will show them: by column.
  const names = (Object.entries(view.mapping) as [InputKey, number][])
    .sort(([, a], [, b]) => a - b)
    .map(([input]) => INPUT_HEADERS[input]);
  return [
    h(
      'p',
      {},
      h('strong', {}, 'No header row: '),
      `${HEADER_ROW_ADDED} Your columns get the names ${names.join(' · ')}.`,
    ),
  ];
}

/** What the run does, or why there is nothing to do and what would help. */
export function summaryLines(view: PlanView, actions: PlanActions): Node[] {
  if (view.kind === 'enrich' && view.fields.length === 0)
    return [h('p', { class: 'nothing' }, h('strong', {}, 'Tick at least one field to find.'))];
  if (!hasWork(view)) return nothingToDo(view, actions);
  const lines: Node[] = [];
  if (view.contactsToSend === 0) {
    lines.push(
      h(
        'p',
        {},
        h('strong', {}, 'Nothing new to look up: '),
        `${rowsHave(view.rowsFromLedger)} saved results. Filling them in costs nothing.`,
      ),
      ...lookUpAgainOffer(view, actions),
    );
  } else {
    lines.push(
      h('p', {}, `${plural(view.contactsToSend, 'contact')} to send in ${plural(view.jobs, 'job')}.`),
    );
    const reused = view.rowsFromDuplicates + view.rowsFromLedger;
    if (reused > 0) {
      lines.push(
        h(
          'p',
          { class: 'hint' },
          `${plural(reused, 'row')} filled without a new lookup ` +
            `(${plural(view.rowsFromDuplicates, 'duplicate')}, ${plural(view.rowsFromLedger, 'saved result')}).`,
        ),
      );
    }
    const { contacts: again, maxCredits: againCredits } = view.reasked;
    if (again > 0)
      lines.push(
        h(
          'p',
          { class: 'hint' },
          `${plural(again, 'contact')} with saved results asked again: up to ${plural(againCredits, 'credit')} of the total.`,
        ),
      );
  }
  if (view.skipped.length > 0) lines.push(skippedList(view));
  return lines;
}

function nothingToDo(view: PlanView, actions: PlanActions): Node[] {
  if (view.rows === 0) {
    const what = view.kind === 'enrich' ? 'enrich' : 'look up';
    return [
      h('p', { class: 'nothing' }, h('strong', {}, 'No data rows in the selection.')),
      h(
        'p',
        { class: 'hint' },
        `Select the rows to ${what}: click a row number, then shift-click another (or drag over cells in them). ` +
          'One clicked cell takes the whole table. Then Refresh selection.',
      ),
    ];
  }
  const lines: Node[] = [];
  if (view.rowsDone === view.rows) {
    const all =
      view.rows === 1
        ? 'This row already has its results.'
        : `All ${formatNumber(view.rows)} rows already have results.`;
    lines.push(h('p', { class: 'nothing' }, h('strong', {}, all)));
  } else if (!view.mappingComplete) {
    lines.push(h('p', { class: 'nothing' }, 'Nothing to send until the columns are chosen.'));
  } else {
    const parts = [
      view.rowsDone ? `${rowsHave(view.rowsDone)} results already` : '',
      view.skipped.length > view.rowsDone
        ? `${plural(view.skipped.length - view.rowsDone, 'row')} skipped (see below)`
        : '',
    ].filter(Boolean);
    lines.push(h('p', { class: 'nothing' }, h('strong', {}, 'Nothing to send: '), `${parts.join('; ')}.`));
  }
  lines.push(...lookUpAgainOffer(view, actions));
  if (view.mappingComplete && view.skipped.length > view.rowsDone) lines.push(skippedList(view));
  return lines;
}

/** "Look up again": the price of asking every selected contact anew, one click away. */
function lookUpAgainOffer(view: PlanView, actions: PlanActions): Node[] {
  const { contacts, maxCredits } = view.lookUpAgain;
  if (contacts === 0 || (view.rowsDone === 0 && view.rowsFromLedger === 0)) return [];
  const price = maxCredits > 0 ? ` · up to ${plural(maxCredits, 'credit')}` : '';
  return [
    h(
      'div',
      { class: 'offer' },
      h('p', { class: 'hint' }, `To ask the API again for ${plural(contacts, 'contact')}, every field anew:`),
      h('button', { type: 'button', onclick: actions.lookUpAgain }, `Look up again${price}`),
    ),
  ];
}

function skippedList(view: PlanView): HTMLDetailsElement {
  const listed = view.skipped.slice(0, SKIPPED_ROWS_LISTED);
  const more = view.skipped.length - listed.length;
  return h(
    'details',
    { class: 'skipped' },
    h('summary', {}, `${plural(view.skipped.length, 'row')} skipped`),
    h('ul', {}, ...listed.map((row) => h('li', {}, `Row ${row.row}: ${row.reason}`))),
    more > 0 ? h('p', { class: 'hint' }, `…and ${plural(more, 'more row')}.`) : null,
  );
}

/**
 * The saved results are damaged (the server says what and what it does about it): said where the
 * user decides to spend, as a warning a screen reader reads out, and, with its id, as part of the
 * description of the Start that confirms (issue 28: "Get them…" bought again with no word of it).
 */
export function ledgerDamageNote(view: PlanView, id = uniqueId('ledger-damage')): HTMLElement | null {
  if (!view.ledgerDamage) return null;
  return h('p', { class: 'warning ledger-damage', role: 'status', id }, view.ledgerDamage);
}

/** The most the run can cost, against the balance. */
export function costLines(view: PlanView): Node[] {
  if (view.contactsToSend === 0) return [];
  if (view.keyProblem) {
    return [
      h(
        'p',
        { class: 'warning', role: 'alert' },
        `${view.keyProblem} Save a working key in Settings to start.`,
      ),
    ];
  }
  if (view.maxCredits === 0) return [h('p', { class: 'max-credits' }, FREE_RUN)];
  const lines: Node[] = [
    h(
      'p',
      {},
      'At most ',
      h('strong', { class: 'max-credits' }, plural(view.maxCredits, 'credit')),
      view.balance === null ? '' : ` of your ${formatNumber(view.balance)}.`,
    ),
    h('p', { class: 'hint' }, 'You pay only for results found.'),
  ];
  if (view.balance !== null && view.maxCredits > view.balance) {
    lines.push(
      h(
        'p',
        { class: 'warning', role: 'alert' },
        'This can cost more than your balance: the run stops when credits run out. ' +
          (view.kind === 'enrich'
            ? 'Select fewer rows or fields, or add credits.'
            : 'Select fewer rows, or add credits.'),
      ),
    );
  }
  return lines;
}
