/**
 * The fields to find, with their price: checkboxes built once and updated in place, so keyboard
 * focus survives each re-plan. Which are ticked comes with the plan (the user's last choice).
 */
import type { EnrichField } from '../src/domain/fields';
import type { PlanView } from '../src/app/sidebar-contract';
import { h, plural } from './dom';
import { ENRICH_FIELDS, FIELD_LABELS } from './labels';

/** The price comes with the plan (src/domain/fields.ts is the one table); before the first plan, none is shown. */
function priceText(plan: PlanView | null, fieldName: EnrichField): string {
  return plan ? plural(plan.prices[fieldName], 'credit') : '';
}

export interface FieldControls {
  element: HTMLFieldSetElement;
  /** Prices, and the plan's fields ticked. */
  show(plan: PlanView | null): void;
  read(): EnrichField[];
}

export function createFieldControls(onChange: () => void): FieldControls {
  const boxes = new Map<EnrichField, { box: HTMLInputElement; price: HTMLSpanElement }>();
  const element = h('fieldset', { class: 'fields' }, h('legend', {}, 'Find'));
  for (const name of ENRICH_FIELDS) {
    const box = h('input', {
      type: 'checkbox',
      name: `field-${name}`,
      value: name,
      onchange: onChange,
    });
    const price = h('span', { class: 'price' });
    boxes.set(name, { box, price });
    element.appendChild(h('label', { class: 'check' }, box, h('span', {}, FIELD_LABELS[name]), price));
  }

  function show(plan: PlanView | null): void {
    for (const [name, { box, price }] of boxes) {
      price.textContent = priceText(plan, name);
      if (plan) box.checked = plan.fields.includes(name);
    }
  }

  function read(): EnrichField[] {
    return ENRICH_FIELDS.filter((name) => boxes.get(name)!.box.checked);
  }

  show(null);
  return { element, show, read };
}
