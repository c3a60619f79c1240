/** A plain object (not null, not an array): one helper for every module that checks stored or sent data. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
