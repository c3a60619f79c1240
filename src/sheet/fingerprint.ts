/**
 * Row identity: a short hash of a row's normalised inputs. Results are matched back to rows by it
 * (rows may be sorted, inserted or deleted while a job runs) and the ledger is keyed by it.
 */
import type { JobKind } from '../domain/runs';
import type { ContactInputs } from './contact-input';
import { foldText } from './text';

/** cyrb53: a fast 53-bit string hash with good spread (public domain, bryc). */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * "e" or "r" then 11 base-36 characters. Case, accents and punctuation do not change it, so
 * "José  Núñez" and "jose nunez" are the same contact. The profile URL, when present, identifies
 * the person on its own; the names still count so that two people sharing a URL typo differ.
 */
export function fingerprint(kind: JobKind, input: ContactInputs): string {
  const reverse = kind === 'reverse';
  const canonical = reverse
    ? input.email.toLowerCase()
    : [
        foldText(input.firstName),
        foldText(input.lastName),
        input.companyDomain.toLowerCase(),
        input.companyDomain ? '' : foldText(input.companyName),
        input.networkUrl.toLowerCase(),
      ].join('|');
  return (reverse ? 'r' : 'e') + cyrb53(canonical).toString(36).padStart(11, '0');
}

/** The shape `fingerprint` gives (53 bits are at most 11 base-36 characters). */
const FINGERPRINT_SHAPE = /^[er][0-9a-z]{11}$/;

/** Whether stored text can be a fingerprint: a damaged list (an edited cell) mostly cannot. */
export const isFingerprint = (text: string): boolean => FINGERPRINT_SHAPE.test(text);
