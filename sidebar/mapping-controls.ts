/**
 * The column mapping: one line saying which column holds what ("First name A · Last name B —
 * Change"), and the dropdowns behind Change, so a detected mapping costs one line of the panel and
 * the cost and Start stay on screen. The dropdowns open by themselves while the mapping lacks an
 * input a row needs. Built once and updated in place, so keyboard focus survives each re-plan.
 */
import type { ColumnMapping, InputKey, MappableColumn, PlanView } from '../src/app/sidebar-contract';
import { field, fill, h, uniqueId } from './dom';
import { INPUT_LABELS, columnLetter } from './labels';

export interface MappingControls {
  element: HTMLElement;
  /**
   * Shows a plan's mapping. `fresh`: a new selection, not the user's edit: the dropdowns then close
   * when the mapping is complete. They open whenever it is not.
   */
  show(plan: PlanView, fresh: boolean): void;
  read(): ColumnMapping;
  /** The answer to "Row 1 holds headers" while the plan asks it (no header row recognised). */
  readFirstRowHeaders(): boolean | undefined;
  /** Hides the mapping while there is no plan to show. */
  hide(): void;
}

/** A dropdown option: the column's letter with its header, or with its first value when it has none. */
function columnText(column: MappableColumn): string {
  const letter = columnLetter(column.index);
  if (column.header) return `${letter} · ${column.header}`;
  return column.sample ? `${letter} · e.g. ${column.sample}` : letter;
}

export function createMappingControls(inputs: readonly InputKey[], onChange: () => void): MappingControls {
  const selects = new Map<InputKey, HTMLSelectElement>();
  let shownColumns = '';
  const fieldsetId = uniqueId('mapping');
  const summaryId = uniqueId('mapping-summary');
  const summary = h('p', { class: 'mapping-summary', id: summaryId });
  // Described by the line, so "Change" is read with what it changes.
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'link',
      'aria-expanded': 'false',
      'aria-controls': fieldsetId,
      'aria-describedby': summaryId,
    },
    'Change',
  );
  const firstRowBox = h('input', { type: 'checkbox', name: 'first-row-headers', onchange: onChange });
  const firstRow = h(
    'label',
    { class: 'check', hidden: true },
    firstRowBox,
    h('span', {}, 'Row 1 holds headers'),
  );
  const fieldset = h(
    'fieldset',
    { class: 'mapping-fields', id: fieldsetId, hidden: true },
    h('legend', {}, 'Which column holds what'),
    firstRow,
  );
  for (const input of inputs) {
    const select = h('select', { name: `map-${input}`, onchange: onChange });
    selects.set(input, select);
    fieldset.appendChild(field(INPUT_LABELS[input], select));
  }
  const element = h(
    'div',
    { class: 'mapping' },
    h('div', { class: 'mapping-line' }, summary, toggle),
    fieldset,
  );

  function setOpen(open: boolean): void {
    fieldset.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Done' : 'Change';
  }
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));

  function summaryParts(plan: PlanView): (Node | string)[] {
    const byHeader = new Map(plan.columns.map((column) => [column.index, column.header]));
    const mapped = inputs.filter((input) => plan.mapping[input] !== undefined);
    const label = h('span', { class: 'mapping-label' }, 'Columns ');
    if (mapped.length === 0) return [label, 'none chosen yet'];
    return [
      label,
      ...mapped.flatMap((input, position) => {
        const column = plan.mapping[input]!;
        const header = byHeader.get(column);
        const letter = h('strong', header ? { title: header } : {}, columnLetter(column));
        // One unbreakable pair: a letter never wraps away from its input's name.
        return [
          position ? ' · ' : '',
          h('span', { class: 'mapping-pair' }, `${INPUT_LABELS[input]} `, letter),
        ];
      }),
    ];
  }

  function show(plan: PlanView, fresh: boolean): void {
    element.hidden = false;
    const columnsKey = JSON.stringify(plan.columns);
    for (const [input, select] of selects) {
      if (columnsKey !== shownColumns) {
        fill(
          select,
          h('option', { value: '' }, 'Not used'),
          ...plan.columns.map((column) => h('option', { value: column.index }, columnText(column))),
        );
      }
      select.value = String(plan.mapping[input] ?? '');
    }
    shownColumns = columnsKey;
    fill(summary, ...summaryParts(plan));
    firstRow.hidden = plan.headerDetected || plan.columns.length === 0;
    firstRowBox.checked = plan.headerRow === 1;
    const incomplete = !plan.mappingComplete && plan.columns.length > 0;
    // Never closed under the user's hands: only a new selection closes a complete mapping.
    if (incomplete || fresh) setOpen(incomplete);
  }

  function read(): ColumnMapping {
    const mapping: ColumnMapping = {};
    for (const [input, select] of selects) if (select.value) mapping[input] = Number(select.value);
    return mapping;
  }

  return {
    element,
    show,
    read,
    readFirstRowHeaders: () => (firstRow.hidden ? undefined : firstRowBox.checked),
    hide: () => void (element.hidden = true),
  };
}
