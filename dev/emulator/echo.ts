/**
 * The `echo` setting of the admin API: a gateway that repeats the request's key in its error answers,
 * in one of the clothes real proxies and servers use (upper-cased, cut into lines, base64 in a
 * `Basic` header, %-encoded in lower-case hex, JSON-escaped), or, with `workspace`, a key check
 * that answers the key itself as the workspace id. The add-on must show none of it (issue 28).
 */
export const ECHO_FORMS = [
  'off',
  'plain',
  'upper',
  'lines',
  'basic',
  'base64',
  'percent',
  'json',
  'workspace',
] as const;
export type EchoForm = (typeof ECHO_FORMS)[number];

/** The key as the gateway repeats it. */
export function echoedKey(key: string, form: EchoForm): string {
  switch (form) {
    case 'upper':
      return key.toUpperCase();
    case 'lines':
      return key.replace(/(.{5})/g, '$1\n');
    case 'basic':
      return `Basic ${Buffer.from(`user:${key}`).toString('base64')}`;
    case 'base64':
      return Buffer.from(`token=${key}`).toString('base64');
    case 'percent':
      return Array.from(key, (char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    case 'json':
      return JSON.stringify(key)
        .slice(1, -1)
        .replace(/[a-z]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`);
    default:
      return key;
  }
}

/** An error body with the key echoed into its message (bodies that are not `{message}` pass). */
export function echoInto(payload: string, key: string, form: EchoForm): string {
  if (form === 'off' || form === 'workspace') return payload;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    if (typeof body.message !== 'string') return payload;
    // The JSON form stays escaped in the message, as a server that escapes a value twice sends it.
    return JSON.stringify({ ...body, message: `${body.message} (authorization: ${echoedKey(key, form)})` });
  } catch {
    return payload;
  }
}
