import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, type Envelope } from '@mchweb/contract';
import { isDatabaseDown } from './database.ts';

/** A business or validation refusal: HTTP 200 with a code other than 200 and a message a person can act on. */
export class BizError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
export const invalid = (msg: string) => new BizError(Code.INVALID, msg);
export const notFound = (what: string) => new BizError(Code.NOT_FOUND, `${what} not found`);
export const forbidden = (msg = 'Your role does not allow this. Ask an owner or admin of the organisation.') =>
  new BizError(Code.FORBIDDEN, msg);
export const conflict = (msg: string) => new BizError(Code.CONFLICT, msg);

/** HTTP statuses that are not 200 (PRODUCT.md, API conventions). */
const HTTP_STATUS: Partial<Record<number, number>> = {
  [Code.UNAUTHORIZED]: 401,
  [Code.SESSION_REPLACED]: 401,
  [Code.SERVER_ERROR]: 500,
  [Code.UNAVAILABLE]: 503,
};

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { status: HTTP_STATUS[code] ?? 200, code, msg, message: msg, data };
}
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return envelope(Code.OK, msg, data);
}

/** Send an envelope outside the route's response schema (errors have `data: null`). */
export function sendEnvelope(reply: FastifyReply, code: number, msg: string, status?: number) {
  const body = envelope(code, msg, null);
  if (status) body.status = status;
  return reply
    .code(status ?? body.status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

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
function describeIssue(context: string, sent: unknown, issue: NonNullable<FastifyError['validation']>[number]): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  const where = [context, ...path].join('.');
  const params = issue.params as { keys?: string[] };
  if (issue.keyword === 'unrecognized_keys' && params.keys?.length) {
    const keys = params.keys.map((k) => `'${k}'`).join(', ');
    return `${where}: unknown field${params.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  const value = sentValue(sent, path);
  if (value === undefined || (value === null && path.length === 0)) {
    // The whole body missing (no body, or JSON null) is not a field: say what to send.
    return path.length === 0 ? `${where}: is required (send a JSON object)` : `${where}: is required`;
  }
  const message = (issue.message ?? 'is invalid')
    .replace(
      /^Invalid option: expected one of (.*)$/,
      (_m, list: string) => `must be one of ${list.replace(/\|/g, ', ')}`,
    )
    .replace(/^Invalid input: /, '');
  return `${where}: ${message}`;
}

const SENT: Record<string, (request: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

function describeValidation(error: FastifyError, request: FastifyRequest): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    const sent = SENT[context]?.(request);
    // One phrase per field: "body.password: must be at least 8 characters, must contain a digit".
    const byField = new Map<string, string[]>();
    for (const issue of error.validation) {
      const text = describeIssue(context, sent, issue);
      const cut = text.indexOf(': ');
      const field = text.slice(0, cut);
      byField.set(field, [...(byField.get(field) ?? []), text.slice(cut + 2)]);
    }
    return [...byField]
      .slice(0, 3)
      .map(([field, problems]) => `${field}: ${problems.join(', ')}`)
      .join('; ');
  }
  return error.message;
}

const limitText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;

function mapFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): { code: number; msg: string } | null {
  if (error.validation) return { code: Code.INVALID, msg: describeValidation(error, request) };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: Code.INVALID, msg: 'body: is not valid JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: Code.INVALID, msg: 'body: is empty; send a JSON object' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: Code.TOO_LARGE, msg: `body: is larger than the limit of ${limitText(bodyLimit)}` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: Code.UNSUPPORTED_MEDIA, msg: 'body: wrong content type; send application/json' };
    case 'FST_ERR_RATE_LIMITED':
      return { code: Code.TOO_MANY, msg: error.message };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: Code.INVALID, msg: error.message };
  }
  return null;
}

/**
 * PostgreSQL refusing a value the schemas let through (a NUL character in a string, a number out of range) is
 * bad input, not a server fault: every module gets this without each schema having to think of it.
 */
const VALUE_ERRORS: Record<string, string> = {
  '22021': 'body: contains a character that cannot be stored (such as NUL)',
  '22P05': 'body: contains a character that cannot be stored (such as NUL)',
  '22001': 'body: a value is too long',
  '22003': 'body: a number is out of range',
  '22008': 'body: a date is out of range',
};
function storedValueProblem(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && VALUE_ERRORS[e.code]) return VALUE_ERRORS[e.code]!;
    e = e.cause as typeof e;
  }
  return null;
}

/** Fastify's own refusals before routing (a URL that does not decode), in the envelope too. */
export function frameworkErrorEnvelope(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const msg = error.code === 'FST_ERR_BAD_URL' ? 'path: is not a valid URL (bad percent-encoding)' : error.message;
  return sendEnvelope(reply, Code.INVALID, msg);
}

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof BizError) return sendEnvelope(reply, error.code, error.message);
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendEnvelope(reply, Code.UNAVAILABLE, 'The database is unavailable. Please try again in a moment.');
    }
    const badValue = storedValueProblem(error);
    if (badValue) {
      request.log.info({ err: error }, 'value refused by the database');
      return sendEnvelope(reply, Code.INVALID, badValue);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendEnvelope(reply, Code.SERVER_ERROR, 'Internal server error');
    }
    const mapped = mapFrameworkError(error, request, app.initialConfig.bodyLimit ?? 1024 * 1024);
    if (mapped) return sendEnvelope(reply, mapped.code, mapped.msg);
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, Code.SERVER_ERROR, 'Internal server error');
  });
  app.setNotFoundHandler((request, reply) =>
    sendEnvelope(reply, Code.NOT_FOUND, `No such path: ${request.method} ${request.url.split('?')[0]}`, 404),
  );
}

export default fp(envelopePlugin, { name: 'envelope', dependencies: ['database'] });
