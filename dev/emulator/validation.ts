/**
 * Request bodies are validated with the emulator's own schemas (requests.ts, read from the spec apart
 * from the add-on's); a zod failure becomes a 400 whose `code` names the rule that was broken.
 */
import type { z } from 'zod/mini';
import { RULE } from './requests';
import { badRequest, type ErrorReply } from './errors';

type Issue = z.core.$ZodIssue;

interface IssueRule {
  code: string;
  matches: (issue: Issue) => boolean;
  message?: (issue: Issue) => string;
}

const lastKey = (issue: Issue): PropertyKey | undefined => issue.path[issue.path.length - 1];
const inside = (issue: Issue, key: string): boolean => issue.path.includes(key);
const ITEM_ARRAYS = ['datas', 'data'];
const isItemArray = (issue: Issue): boolean =>
  issue.path.length === 1 && ITEM_ARRAYS.includes(String(issue.path[0]));

/** First match wins: specific rules before the catch-all. */
const RULES: readonly IssueRule[] = [
  {
    code: 'error.request.too_many_items',
    matches: (issue) => isItemArray(issue) && issue.code === 'too_big',
    message: (issue) => `At most ${issue.code === 'too_big' ? String(issue.maximum) : ''} items per job`,
  },
  {
    code: 'error.request.no_items',
    matches: (issue) => isItemArray(issue) && issue.code === 'too_small',
    message: () => 'A job needs at least one item',
  },
  {
    code: 'error.request.custom_not_string',
    matches: (issue) => inside(issue, 'custom') && issue.path.length > 0 && lastKey(issue) !== 'custom',
    message: (issue) => `${pathOf(issue)}: ${RULE.customStrings}`,
  },
  {
    code: 'error.request.invalid_enrich_field',
    matches: (issue) => inside(issue, 'enrich_fields') && issue.code === 'invalid_value',
  },
  {
    code: 'error.request.item_incomplete',
    matches: (issue) => issue.message === RULE.itemIdentity,
    message: (issue) => `${pathOf(issue)}: ${RULE.itemIdentity}`,
  },
  {
    code: 'error.request.name_required',
    matches: (issue) => issue.path.length === 1 && issue.path[0] === 'name',
    message: () => RULE.nameRequired,
  },
  {
    code: 'error.search.limit_too_large',
    matches: (issue) => lastKey(issue) === 'limit' && issue.path.length === 1 && issue.code === 'too_big',
    message: (issue) => `limit is at most ${issue.code === 'too_big' ? String(issue.maximum) : ''}`,
  },
  {
    code: 'error.search.invalid_pagination',
    matches: (issue) => issue.path.length === 1 && (issue.path[0] === 'limit' || issue.path[0] === 'offset'),
  },
  {
    code: 'error.request.unknown_field',
    matches: (issue) => issue.code === 'unrecognized_keys',
    message: (issue) =>
      `${pathOf(issue)}: unknown field(s) ${issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : ''}`,
  },
  { code: 'error.request.invalid_body', matches: () => true },
];

function pathOf(issue: Issue): string {
  return issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ErrorReply };

export function validateBody<T>(schema: z.ZodMiniType<T>, body: unknown): Validated<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues;
  for (const rule of RULES) {
    const issue = issues.find(rule.matches);
    if (issue) {
      return {
        ok: false,
        error: badRequest(rule.code, rule.message?.(issue) ?? `${pathOf(issue)}: ${issue.message}`),
      };
    }
  }
  return { ok: false, error: badRequest('error.request.invalid_body', 'Invalid request body') };
}
