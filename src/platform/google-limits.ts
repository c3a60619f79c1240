/**
 * Apps Script's texts for a user's used-up quota or limit (https://developers.google.com/apps-script/guides/services/quotas),
 * in plain words with what to do: they are no bug of the add-on, and "try again" is wrong advice
 * for a quota that resets a day later.
 */
const RESETS =
  'It resets 24 hours after the first use of the day; Sheet Enrich then works again, and nothing saved is lost.';

const LIMITS: readonly [RegExp, string][] = [
  [
    /Service invoked too many times for one day: properties/,
    `Your Google account used up today's Apps Script quota of stored-settings reads and writes (50,000 a day for a personal account). ${RESETS}`,
  ],
  [
    /Service invoked too many times for one day: urlfetch/,
    `Your Google account used up today's Apps Script quota of calls to other services (20,000 a day for a personal account). ${RESETS}`,
  ],
  [
    /Service using too much computer time for one day/,
    `Your Google account used up today's Apps Script time for background runs (90 minutes a day for a personal account). ${RESETS}`,
  ],
  [
    /too many scripts running simultaneously/,
    'Too many Sheet Enrich calls are running at once for your Google account (Apps Script allows 30). Wait a few seconds and try again.',
  ],
];

/** The plain words for an Apps Script quota or limit error; undefined for any other text. */
export function googleLimitMessage(text: string): string | undefined {
  return LIMITS.find(([pattern]) => pattern.test(text))?.[1];
}
