import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { text, type Text } from './text.ts';
import type { z } from 'zod';
import { zhProblem, type IssueFacts } from './validation-zh.ts';

// Validation issues (zod, through fastify-type-provider-zod) turned into "field: problem" in both languages.

const REQUIRED = text('is required', '必填');

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
    const problem = path.length === 0 ? text('is required (send a JSON object)', '必填（请发送 JSON 对象）') : REQUIRED;
    return { field, problem };
  }
  return { field, problem: problemText({ ...issue, params: issue.params as Record<string, unknown> }) };
}

/** A problem that is not "missing": the schema's English phrase (zod's defaults tidied) and its Chinese. */
function problemText(issue: IssueFacts): Text {
  const english = (issue.message ?? 'is invalid')
    .replace(
      /^Invalid option: expected one of (.*)$/,
      (_m, list: string) => `must be one of ${list.replace(/\|/g, ', ')}`,
    )
    .replace(/^Invalid input: /, '');
  return text(english, zhProblem(issue));
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
  return joinProblems(
    error.validation.map((issue) => describeIssue(context, sent, issue)),
    3,
  );
}

/** One phrase per field, `; ` between fields in both languages (the client splits on it). */
function joinProblems(found: { field: string; problem: Text }[], maxFields: number): Text {
  const byField = new Map<string, Text[]>();
  for (const { field, problem } of found) byField.set(field, [...(byField.get(field) ?? []), problem]);
  const fields = [...byField].slice(0, maxFields);
  const say = (lang: keyof Text, sep: string) =>
    fields.map(([field, problems]) => `${field}: ${problems.map((p) => p[lang]).join(sep)}`).join('; ');
  return text(say('en-US', ', '), say('zh-CN', '，'));
}

/**
 * The issues of a zod check a service runs itself (not a route's schema), e.g. `completeApplication` at submit
 * time, in the same words as a route's validation: "legalPerson.idNumber: check digit is wrong; subject: is
 * required". `sent` is the value checked (to tell a missing field); every field is named, not only the first 3.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], sent: unknown, prefix?: string): Text {
  return joinProblems(
    issues.map((issue) => {
      const path = issue.path.map(String);
      const field = [...(prefix ? [prefix] : []), ...path].join('.') || 'body';
      const { code, message, path: _path, ...params } = issue as z.core.$ZodIssue & { input?: unknown };
      delete params.input;
      if (sentValue(sent, path) === undefined) return { field, problem: REQUIRED };
      return { field, problem: problemText({ keyword: code, message, params }) };
    }),
    Number.POSITIVE_INFINITY,
  );
}
