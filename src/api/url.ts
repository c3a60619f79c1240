/**
 * The API base URL rule: the key travels in a header, so it may only go over https, except to this
 * machine (plain http to a loopback address is how the emulator and the tests run).
 * Apps Script has no WHATWG `URL` class, so the URL is taken apart by hand.
 */
import { ApiError } from './errors';

const BASE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?$/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;

function configError(message: string): ApiError {
  return new ApiError(
    0,
    'config.base_url',
    message,
    'The enrichment service address in Settings is not valid: it must start with https://.',
  );
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '[::1]') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}

/** The lower-case host of a URL's authority; empty when it has none. */
const hostOf = (authority: string): string => HOST_PORT.exec(authority)?.[1]!.toLowerCase() ?? '';

/**
 * Checks a configured base URL and returns it without a trailing slash.
 * Throws ApiError `config.base_url` for anything but https, or http to 127.0.0.0/8, localhost, [::1].
 */
export function checkBaseUrl(baseUrl: string): string {
  // The scheme is never empty in a match: none means the URL is not absolute.
  const [, scheme = '', authority = '', path = ''] = BASE_URL.exec(baseUrl.trim()) ?? [];
  if (!scheme)
    throw configError(`API base URL is not an absolute URL without query or fragment: "${baseUrl}"`);
  // Credentials in the URL would leak into logs and error messages.
  if (authority.includes('@')) throw configError('API base URL must not contain user credentials');
  const host = hostOf(authority);
  if (!host) throw configError(`API base URL has no valid host: "${baseUrl}"`);
  const lower = scheme.toLowerCase();
  if (lower !== 'https' && !(lower === 'http' && isLoopback(host))) {
    throw configError(`API base URL must use https (plain http only for loopback addresses): "${baseUrl}"`);
  }
  return `${lower}://${authority.toLowerCase()}${path.replace(/\/+$/, '')}`;
}

/** base + path, with a query string built from defined values. Path parts are encoded by the caller. */
export function joinUrl(base: string, path: string, query?: Record<string, string | undefined>): string {
  const search = Object.entries(query ?? {})
    .flatMap(([key, value]) =>
      value === undefined ? [] : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
    )
    .join('&');
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * True when Apps Script's `urlFetchWhitelist` (the manifest's allow-list, built from the default
 * base URL) lets the add-on call `baseUrl`: an entry must be a prefix of the URL. A loopback
 * address is let through as well: it is how the local runtime reaches the emulator, and in Apps
 * Script it is unreachable anyway.
 */
export function allowListPermits(allowList: readonly string[], baseUrl: string): boolean {
  const url = baseUrl.trim();
  const withSlash = url.endsWith('/') ? url : `${url}/`;
  if (isLoopback(hostOf(BASE_URL.exec(url)?.[2] ?? ''))) return true;
  return allowList.some((entry) => withSlash.toLowerCase().startsWith(entry.toLowerCase()));
}
