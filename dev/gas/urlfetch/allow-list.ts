/**
 * The manifest's `urlFetchWhitelist`, checked before a request is sent, as Apps Script does.
 *
 * Matching rules, from https://developers.google.com/apps-script/manifest/allowlist-url:
 *   - "Path matching is case-sensitive" (the scheme and host are not: they are case-insensitive
 *     in every URL).
 *   - A URL matches a prefix it equals, or a prefix it is "a child of": `https://example.com/foo`
 *     matches `…/foo`, `…/foo/`, `…/foo/bar`, `…/foo?bar` and `…/foo#bar` (so not `…/foobar`).
 *   - One leading wildcard matches subdomains: `https://*.example.com/foo` matches
 *     `https://subdomain.example.com/foo` and `https://any.number.of.subdomains.example.com/foo`,
 *     but not `https://example.com/foo` ("at least one subdomain must be present") nor another path.
 *   - Without the field, nothing is restricted (it is optional for test deployments).
 *
 * The error: Apps Script throws "Request to <url> failed because the URL has not been whitelisted
 * in the script manifest." (`String(e)` reads "Exception: Request to …"), as users quote it in
 * https://github.com/grahamearley/FirestoreGoogleAppsScript/issues/135 and
 * https://github.com/diegomanuel/binance-to-google-sheets/issues/82.
 *
 * Loopback addresses: Google's servers cannot reach the caller's machine, so a fetch there fails
 * unless the harness lets loopback through (`allowLoopback`: the emulator and test servers run on
 * 127.0.0.1); then it passes whatever the list says, as the emulator has no https prefix to match.
 * The words Apps Script uses for an unreachable address are not documented: the fake says
 * "Address unavailable: <url>", its message for an address nobody answers at.
 */
export interface FetchAllowList {
  /** The manifest's urlFetchWhitelist; undefined when the manifest has none. */
  prefixes?: readonly string[];
  allowLoopback: boolean;
}

export const notAllowListed = (url: string) =>
  `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`;

export const addressUnavailable = (url: string) => `Address unavailable: ${url}`;

export const LOOPBACK_URL = /^https?:\/\/(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:[/?#]|$)/i;

interface UrlParts {
  scheme: string;
  host: string;
  /** Path, query and fragment, as written (case-sensitive). */
  rest: string;
}

function split(url: string): UrlParts | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!match) return undefined;
  return { scheme: match[1]!.toLowerCase(), host: match[2]!.toLowerCase(), rest: match[3]! };
}

function hostMatches(prefixHost: string, host: string): boolean {
  if (!prefixHost.startsWith('*.')) return host === prefixHost;
  const parent = prefixHost.slice(1); // ".example.com"
  return host.endsWith(parent) && host.length > parent.length;
}

function pathMatches(prefixRest: string, rest: string): boolean {
  if (rest === prefixRest) return true;
  if (!rest.startsWith(prefixRest)) return false;
  return prefixRest.endsWith('/') || '/?#'.includes(rest.charAt(prefixRest.length));
}

export function prefixMatches(prefix: string, url: string): boolean {
  const [p, u] = [split(prefix), split(url)];
  if (!p || !u) return false;
  return p.scheme === u.scheme && hostMatches(p.host, u.host) && pathMatches(p.rest, u.rest);
}

/** Why Apps Script would refuse to fetch `url` before sending it, or undefined when it may. */
export function fetchRefusal(allow: FetchAllowList, url: string): string | undefined {
  const loopback = LOOPBACK_URL.test(url);
  if (loopback && allow.allowLoopback) return undefined;
  if (allow.prefixes && !allow.prefixes.some((prefix) => prefixMatches(prefix, url)))
    return notAllowListed(url);
  return loopback ? addressUnavailable(url) : undefined;
}
