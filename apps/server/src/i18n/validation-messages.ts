import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { text, type Text } from './text.ts';
import { zhProblem } from './validation-zh.ts';

// Validation issues (zod, through fastify-type-provider-zod) turned into "field: problem" in both languages.

/** The value a validation issue is about, read from what the caller sent (undefined when absent). */
function sentValue(sent: unknown, path: string[]): unknown {
  let value = sent;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * "body.mobile: must be ...": names the field and the problem. fastify-type-provider-zod turns each zod issue
 * into `{keyword: issue.code, instancePath: '/a/b', message, params: {keys, expected, ...the rest of the issue}}`;
 * zod 4 does not keep the input, so "missing" is told by looking at what was sent.
 */
function describeIssue(
  context: string,
  sent: unknown,
  issue: NonNullable<FastifyError['validation']>[number],
): { field: string; problem: Text } {
  const path = issue.instancePath.split('/').filter(Boolean);
  const field = [context, ...path].join('.');
  const params = issue.params as { keys?: string[] };
  if (issue.keyword === 'unrecognized_keys' && params.keys?.length) {
    const keys = params.keys.map((k) => `'${k}'`).join(', ');
    return { field, problem: text(`unknown field${params.keys.length > 1 ? 's' : ''} ${keys}`, `未知字段 ${keys}`) };
  }
  const value = sentValue(sent, path);
  if (value === undefined || (value === null && path.length === 0)) {
    // The whole body missing (no body, or JSON null) is not a field: say what to send.
    const problem =
      path.length === 0
        ? text('is required (send a JSON object)', '必填（请发送 JSON 对象）')
        : text('is required', '必填');
    return { field, problem };
  }
  const english = (issue.message ?? 'is invalid')
    .replace(
      /^Invalid option: expected one of (.*)$/,
      (_m, list: string) => `must be one of ${list.replace(/\|/g, ', ')}`,
    )
    .replace(/^Invalid input: /, '');
  return { field, problem: text(english, zhProblem({ ...issue, params: issue.params as Record<string, unknown> })) };
}

const SENT: Record<string, (request: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

export function describeValidation(error: FastifyError, request: FastifyRequest): Text | string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const context = error.validationContext ?? 'body';
  const sent = SENT[context]?.(request);
  // One phrase per field: "body.password: must be at least 8 characters, must contain a digit"; "; " between
  // fields in both languages, since the client splits on it.
  const byField = new Map<string, Text[]>();
  for (const issue of error.validation) {
    const { field, problem } = describeIssue(context, sent, issue);
    byField.set(field, [...(byField.get(field) ?? []), problem]);
  }
  const fields = [...byField].slice(0, 3);
  const say = (lang: keyof Text, sep: string) =>
    fields.map(([field, problems]) => `${field}: ${problems.map((p) => p[lang]).join(sep)}`).join('; ');
  return text(say('en-US', ', '), say('zh-CN', '，'));
}
