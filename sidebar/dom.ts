/** A tiny element builder: enough to write the panels as plain functions, no framework. */

type Child = Node | string | number | null | undefined | false;
type Prop = string | number | boolean | null | undefined | ((event: Event) => void);

/**
 * `h('button', { class: 'action', onclick: start }, 'Start')`. Keys starting with "on" add
 * listeners, booleans toggle attributes, everything else becomes an attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, Prop> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(key.slice(2), value);
    else if (typeof value === 'boolean') element.toggleAttribute(key, value);
    else if (value !== null && value !== undefined) element.setAttribute(key, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's content. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let nextId = 0;
/** Unique ids for label `for` / aria links between controls built in code. */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** A labelled form row: the label always points at its control. */
export function field(labelText: string, control: HTMLElement, hint?: Child): HTMLDivElement {
  if (!control.id) control.id = uniqueId('control');
  return h(
    'div',
    { class: 'form-group' },
    h('label', { for: control.id }, labelText),
    control,
    hint ? h('div', { class: 'hint' }, hint) : null,
  );
}

/**
 * What a click produced (a confirmation, a preview, a new card) is scrolled into view and takes
 * the focus, so nobody has to look for it below the fold, and a keyboard or screen-reader user
 * lands on it. `focus` is the control to land on (the confirmation's main button); without it, the
 * content itself takes the focus (made focusable by script only, so Tab does not stop on it).
 */
export function reveal(content: HTMLElement, focus: HTMLElement = content): void {
  if (focus === content && !content.hasAttribute('tabindex')) content.tabIndex = -1;
  content.scrollIntoView({ block: 'nearest' });
  if (focus !== content) focus.scrollIntoView({ block: 'nearest' });
  focus.focus({ preventScroll: true });
}

export { agree, formatNumber, plural } from '../src/domain/words';
