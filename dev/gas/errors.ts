/**
 * Apps Script's service errors: `e.name` is "Exception" and `String(e)` reads
 * "Exception: <message>", which is what add-on code and its logs see.
 */
export class GasError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

export function gasError(message: string): GasError {
  return new GasError(message);
}

/** Messages copied from real Apps Script executions, so tests can match them exactly. */
export const MESSAGES = {
  exceededTime: 'Exceeded maximum execution time',
  rangeOutside: 'The coordinates of the range are outside the dimensions of the sheet.',
  rangeNotFound: 'Range not found',
  argumentTooLarge: (what: string) => `Argument too large: ${what}`,
  propertyQuota: 'You have exceeded the property storage quota. Please remove some properties and try again.',
  noPermission: (method: string) => `You do not have permission to call ${method}`,
  uiFromThisContext: 'Cannot call SpreadsheetApp.getUi() from this context.',
  lockTimeout: 'Lock timeout: another process was holding the lock for too long.',
  everyMinutesInvalid:
    'The value you passed to everyMinutes was invalid. It must be one of 1, 5, 10, 15 or 30.',
  everyHoursInvalid: 'The value you passed to everyHours was invalid. It must be one of 1, 2, 4, 6, 8 or 12.',
  addonTriggerInterval: 'The recurrence interval for an Add-on trigger must be at least one hour.',
  addonTooManyTriggers:
    'This add-on has created too many time-based triggers in this document for this Google user account.',
  functionNotFound: (name: string) => `Script function not found: ${name}`,
} as const;

/**
 * Messages Google documents no text for, written by us: tests match them only to know the add-on
 * does not depend on their wording.
 */
export const SIMULATED = {
  testDeploymentTrigger: 'Installable triggers are not supported in a test deployment. (simulated)',
} as const;
