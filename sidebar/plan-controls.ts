/**
 * The plan's inputs: one dropdown per sheet input (the detected mapping, correctable) and the
 * fields to find with their price. Built once and updated in place, so keyboard focus survives
 * each re-plan.
 */
import type { EnrichField } from '../src/api/model';
import type { ColumnMapping, InputKey, PlanView } from '../src/ui/rpc';
import { field, fill, h, plural } from './dom';
import { ENRICH_FIELD_ORDER, FIELD_LABELS, INPUT_LABELS, columnLetter } from './labels';

/** The price comes with the plan (src/api/model.ts is the one table); before the first plan, none is shown. */
function priceText(plan: PlanView | null, fieldName: EnrichField): string {
  return plan ? plural(plan.prices[fieldName], 'credit') : '';
}

export interface MappingControls {
  element: HTMLFieldSetElement;
  show(plan: PlanView): void;
  read(): ColumnMapping;
  setDisabled(disabled: boolean): void;
}

export function createMappingControls(inputs: readonly InputKey[], onChange: () => void): MappingControls {
  const selects = new Map<InputKey, HTMLSelectElement>();
  let shownColumns = '';
  const element = h('fieldset', { class: 'mapping' }, h('legend', {}, 'Columns'));
  for (const input of inputs) {
    const select = h('select', { name: `map-${input}`, onchange: onChange });
    selects.set(input, select);
    element.appendChild(field(INPUT_LABELS[input], select));
  }

  function show(plan: PlanView): void {
    const columnsKey = JSON.stringify(plan.columns);
    for (const [input, select] of selects) {
      if (columnsKey !== shownColumns) {
        fill(
          select,
          h('option', { value: '' }, 'Not used'),
          ...plan.columns.map((column) =>
            h(
              'option',
              { value: column.index },
              `${columnLetter(column.index)} · ${column.header || '(no header)'}`,
            ),
          ),
        );
      }
      select.value = String(plan.mapping[input] ?? '');
    }
    shownColumns = columnsKey;
  }

  function read(): ColumnMapping {
    const mapping: ColumnMapping = {};
    for (const [input, select] of selects) if (select.value) mapping[input] = Number(select.value);
    return mapping;
  }

  function setDisabled(disabled: boolean): void {
    for (const select of selects.values()) select.disabled = disabled;
  }

  return { element, show, read, setDisabled };
}

export interface FieldControls {
  element: HTMLFieldSetElement;
  show(plan: PlanView | null): void;
  read(): EnrichField[];
}

export function createFieldControls(initial: readonly EnrichField[], onChange: () => void): FieldControls {
  const boxes = new Map<EnrichField, { box: HTMLInputElement; price: HTMLSpanElement }>();
  const element = h('fieldset', { class: 'fields' }, h('legend', {}, 'Find'));
  for (const name of ENRICH_FIELD_ORDER) {
    const box = h('input', {
      type: 'checkbox',
      name: `field-${name}`,
      value: name,
      checked: initial.includes(name),
      onchange: onChange,
    });
    const price = h('span', { class: 'price' });
    boxes.set(name, { box, price });
    element.appendChild(h('label', { class: 'check' }, box, h('span', {}, FIELD_LABELS[name]), price));
  }

  function show(plan: PlanView | null): void {
    for (const [name, { price }] of boxes) price.textContent = priceText(plan, name);
  }

  function read(): EnrichField[] {
    return ENRICH_FIELD_ORDER.filter((name) => boxes.get(name)!.box.checked);
  }

  show(null);
  return { element, show, read };
}
