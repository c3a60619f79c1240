/**
 * Apps Script's texts for a user's used-up quota or limit (https://developers.google.com/apps-script/guides/services/quotas),
 * in plain words with what to do: they are no bug of the add-on, and "try again" is wrong advice
 * for a quota that resets a day later.
 */
/** A daily quota used up, in plain words: what it counts and how much a personal account gets. */
const usedUp = (what: string, perDay: string) =>
  `Your Google account used up today's Apps Script ${what} (${perDay} a day for a personal account). It resets 24 hours after the first use of the day; Sheet Enrich then works again, and nothing saved is lost.`;

/** Apps Script's text when the user's daily URL fetch quota refuses a call: nothing was sent. */
export const FETCH_QUOTA_USED_UP = /Service invoked too many times for one day: urlfetch/;

const LIMITS: readonly [RegExp, string][] = [
  [
    /Service invoked too many times for one day: properties/,
    usedUp('quota of stored-settings reads and writes', '50,000'),
  ],
  [FETCH_QUOTA_USED_UP, usedUp('quota of calls to other services', '20,000')],
  [/Service using too much computer time for one day/, usedUp('time for background runs', '90 minutes')],
  [
    /too many scripts running simultaneously/,
    'Too many Sheet Enrich calls are running at once for your Google account (Apps Script allows 30). Wait a few seconds and try again.',
  ],
];

/** The plain words for an Apps Script quota or limit error; undefined for any other text. */
export function googleLimitMessage(text: string): string | undefined {
  return LIMITS.find(([pattern]) => pattern.test(text))?.[1];
}
