import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code } from '@mchweb/contract';
import { isDatabaseDown } from './database.ts';
import { BizError, envelope } from '../errors.ts';
import { M } from '../i18n/messages.ts';
import { fieldText, languageOf, type Text } from '../i18n/text.ts';
import { describeValidation } from '../i18n/validation-messages.ts';

// Every answer in the envelope: the error handler (BizError, database down, framework errors), the 404 handler
// and `sendEnvelope` for answers outside a route's response schema.

/**
 * Send an envelope outside the route's response schema (errors have `data: null`), its message in the caller's
 * language (a plain string is sent as it is: a framework's own words).
 */
export function sendEnvelope(reply: FastifyReply, code: number, msg: Text | string, status?: number) {
  const body = envelope(code, typeof msg === 'string' ? msg : msg[languageOf(reply.request)], null);
  if (status) body.status = status;
  return reply
    .code(status ?? body.status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;

function mapFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): { code: number; msg: Text | string } | null {
  if (error.validation) return { code: Code.INVALID, msg: describeValidation(error, request) };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: Code.INVALID, msg: fieldText('body', 'is not valid JSON', '不是有效的 JSON') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: Code.INVALID, msg: fieldText('body', 'is empty; send a JSON object', '为空，请发送 JSON 对象') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = sizeText(bodyLimit);
      return {
        code: Code.TOO_LARGE,
        msg: fieldText('body', `is larger than the limit of ${limit}`, `超过了 ${limit} 的大小上限`),
      };
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': {
      // The type the route takes: an upload route asks for multipart, not for JSON (issue 25.4).
      const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
      const wanted = consumes?.[0] ?? 'application/json';
      return {
        code: Code.UNSUPPORTED_MEDIA,
        msg: fieldText('body', `wrong content type; send ${wanted}`, `内容类型不对，请发送 ${wanted}`),
      };
    }
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
const UNSTORABLE = fieldText(
  'body',
  'contains a character that cannot be stored (such as NUL)',
  '含有无法保存的字符（如 NUL）',
);
const VALUE_ERRORS: Record<string, Text> = {
  '22021': UNSTORABLE,
  '22P05': UNSTORABLE,
  '22001': fieldText('body', 'a value is too long', '有值过长'),
  '22003': fieldText('body', 'a number is out of range', '有数字超出范围'),
  '22008': fieldText('body', 'a date is out of range', '有日期超出范围'),
};
function storedValueProblem(error: unknown): Text | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && VALUE_ERRORS[e.code]) return VALUE_ERRORS[e.code]!;
    e = e.cause as typeof e;
  }
  return null;
}

/** Fastify's own refusals before routing (a URL that does not decode), in the envelope too. */
export function frameworkErrorEnvelope(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const msg =
    error.code === 'FST_ERR_BAD_URL'
      ? fieldText('path', 'is not a valid URL (bad percent-encoding)', '不是有效的 URL（百分号编码有误）')
      : error.message;
  return sendEnvelope(reply, Code.INVALID, msg);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or URL over 16 KB, a malformed request
 * line, a request too slow to arrive): still the envelope, with an HTTP 4xx. No request means no language, so
 * the message carries both.
 */
export function clientErrorEnvelope(error: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable) return void socket.destroy();
  const [status, zh, en] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头或 URL 过长（上限 16 KB）', 'Request headers or URL too large (limit 16 KB)']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时', 'Request timed out']
        : [400, '请求格式有误', 'Malformed request'];
  const body = JSON.stringify({ ...envelope(status, `${zh} ${en}`, null), status });
  socket.end(
    `HTTP/1.1 ${status} ${en}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof BizError) return sendEnvelope(reply, error.code, error.text);
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendEnvelope(reply, Code.UNAVAILABLE, M.databaseDown);
    }
    const badValue = storedValueProblem(error);
    if (badValue) {
      request.log.info({ err: error }, 'value refused by the database');
      return sendEnvelope(reply, Code.INVALID, badValue);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendEnvelope(reply, Code.SERVER_ERROR, M.serverError);
    }
    const mapped = mapFrameworkError(error, request, app.initialConfig.bodyLimit ?? 1024 * 1024);
    if (mapped) return sendEnvelope(reply, mapped.code, mapped.msg);
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, Code.SERVER_ERROR, M.serverError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendEnvelope(reply, Code.NOT_FOUND, M.noSuchPath(request.method, request.url.split('?')[0]!), 404),
  );
}

export default fp(envelopePlugin, { name: 'envelope', dependencies: ['database'] });
