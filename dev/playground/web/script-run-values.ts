/**
 * What google.script.run lets cross between the page and the server, as its reference states it
 * (developers.google.com/apps-script/guides/html/reference/run, myFunction(...), "Parameters" and
 * "Return"): numbers, booleans, strings and null, and objects and arrays made of them; a form
 * element only as a call's only parameter (never as a return value). A Date, a function, a DOM
 * element other than that form, or another prohibited type, even deep inside an object or array,
 * fails the request, as does a circular reference; undefined in an array becomes null. An object
 * arrives as a copy. Plain JSON (what the bridge sent before) turned a Date into a string instead,
 * so a call that fails in Sheets worked here.
 *
 * Written for both sides of the bridge: the page (its own realm) and the server's values, which come
 * from the local runtime's sandbox (another realm), so types are told by their tag, not instanceof.
 */

/** A value google.script.run refuses; `path` says where it was ("1.when" is the second argument's `when`). */
export class IllegalScriptRunValue extends Error {
  constructor(
    readonly what: string,
    readonly path: string,
  ) {
    super(
      `google.script.run cannot pass ${what}${path ? ` (at ${path})` : ''}: Apps Script fails such a call.`,
    );
  }
}

const tagOf = (value: object): string => Object.prototype.toString.call(value).slice(8, -1);

/** A DOM node of this page (none on the server side). */
function isDomNode(value: object): boolean {
  const DomNode = (globalThis as { Node?: abstract new () => object }).Node;
  return DomNode !== undefined && value instanceof DomNode;
}

function isForm(value: unknown): value is HTMLFormElement {
  const Form = (globalThis as { HTMLFormElement?: abstract new () => object }).HTMLFormElement;
  return Form !== undefined && value instanceof Form;
}

/** A form's fields as Apps Script hands them to the server: an object of names and values. */
function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

function copy(value: unknown, path: string, ancestors: object[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number')
    return value;
  if (typeof value === 'function') throw new IllegalScriptRunValue('a function', path);
  if (typeof value !== 'object') throw new IllegalScriptRunValue(`a ${typeof value}`, path);
  if (ancestors.includes(value)) throw new IllegalScriptRunValue('a circular reference', path);
  if (tagOf(value) === 'Date') throw new IllegalScriptRunValue('a Date', path);
  if (isDomNode(value)) throw new IllegalScriptRunValue('a DOM element', path);
  const inner = [...ancestors, value];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value))
    return value.map((item, index) => (item === undefined ? null : copy(item, at(String(index)), inner)));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Not said by the reference; JSON, and so the transport, leaves such a field out.
    if (item !== undefined) result[key] = copy(item, at(key), inner);
  }
  return result;
}

/** A call's parameters as the server receives them; throws IllegalScriptRunValue for a refused one. */
export function scriptRunArguments(args: readonly unknown[]): unknown[] {
  if (args.length === 1 && isForm(args[0])) return [formFields(args[0])];
  return copy([...args], '', []) as unknown[];
}

/** A server function's return value as the page receives it; throws IllegalScriptRunValue when refused. */
export function scriptRunReturn(value: unknown): unknown {
  return value === undefined ? undefined : copy(value, '', []);
}
