import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, pickLanguage, type ApiErrorBody, type ApiErrorType, type Language } from '@mchweb/contract';
import { BizError } from '../../errors.ts';
import { text, type Text } from '../../i18n/text.ts';
import { describeValidation } from '../../i18n/validation-messages.ts';
import { MERCHANT_API } from './merchant-api.messages.ts';

/**
 * A refusal of the merchant API: `{ "error": { type, code, message, param } }` with an HTTP status (issue 30),
 * never the portal's envelope. `code` is a stable word for programs; `message` is for people.
 */
export class ApiV1Error extends Error {
  constructor(
    readonly status: number,
    readonly type: ApiErrorType,
    readonly code: string,
    readonly text: Text,
    readonly param: string | null = null,
    /** Seconds to wait, sent as Retry-After (429, and 409 while the same key is still being answered). */
    readonly retryAfter?: number,
  ) {
    super(text['en-US']);
  }
}

/** The merchant API speaks English unless the caller asks for Chinese (Accept-Language: zh...). */
export const apiLanguage = (request: FastifyRequest): Language => {
  const asked = request.headers['accept-language'];
  return typeof asked === 'string' && asked.trim() !== '' ? pickLanguage(asked) : 'en-US';
};

/** "field: problem" messages (the services' and the validation's) name their field: that is `param`. */
function paramOf(message: string): string | null {
  const field = /^([\w.]+): /.exec(message)?.[1];
  if (!field) return null;
  return field.replace(/^(body|querystring|params)\./, '') || null;
}

/**
 * An unknown field is itself the `param` (`tip`, `merchant.tip`), as Stripe names an unknown parameter, rather than
 * the object it was sent in (the message says "body: unknown field 'tip'").
 */
function unknownFieldOf(error: FastifyError): string | null {
  const [first] = error.validation ?? [];
  const keys = (first?.params as { keys?: string[] } | undefined)?.keys;
  if (first?.keyword !== 'unrecognized_keys' || !keys?.length) return null;
  return [...first.instancePath.split('/').filter(Boolean), keys[0]].join('.');
}

/** What a service's BizError (the portal's codes) means to a caller of the merchant API. */
function fromBizError(error: BizError): ApiV1Error {
  const param = paramOf(error.text['en-US']);
  switch (error.code) {
    case Code.NOT_FOUND:
      return new ApiV1Error(404, 'invalid_request_error', 'resource_missing', error.text, param);
    case Code.CONFLICT:
      // The merchant cannot take this channel here (not opened for it, no channel connected, no sub-merchant id):
      // the payer's page says the same; the caller picks another channel.
      if (param === 'channel')
        return new ApiV1Error(400, 'invalid_request_error', 'channel_unavailable', error.text, param);
      // The state forbids it (an order not paid, more than is left to refund, a frozen merchant): fix the request.
      return new ApiV1Error(400, 'invalid_request_error', 'state_conflict', error.text, param);
    case Code.FORBIDDEN:
      return new ApiV1Error(403, 'permission_error', 'forbidden', error.text, param);
    case Code.COMPANY_BLOCKED:
    case Code.MEMBER_DISABLED:
      return new ApiV1Error(403, 'permission_error', 'organisation_blocked', error.text, null);
    case Code.UNAUTHORIZED:
    case Code.SESSION_REPLACED:
      return new ApiV1Error(401, 'authentication_error', 'api_key_invalid', MERCHANT_API.keyInvalid, null);
    case Code.TOO_MANY:
      return new ApiV1Error(429, 'rate_limit_error', 'rate_limited', error.text, null);
    case Code.TOO_LARGE:
      return new ApiV1Error(413, 'invalid_request_error', 'body_too_large', error.text, 'body');
    case Code.UNSUPPORTED_MEDIA:
      return new ApiV1Error(415, 'invalid_request_error', 'unsupported_media_type', error.text, 'body');
    case Code.UNAVAILABLE:
      return new ApiV1Error(503, 'api_error', 'service_unavailable', error.text, null);
    case Code.SERVER_ERROR:
      return new ApiV1Error(500, 'api_error', 'internal_error', MERCHANT_API.serverError, null);
    default:
      return new ApiV1Error(400, 'invalid_request_error', 'parameter_invalid', error.text, param);
  }
}

/** The framework's refusals (validation, JSON, size, type) as the merchant API's errors; null for a fault. */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): ApiV1Error | null {
  if (error.validation) {
    const described = describeValidation(error, request);
    const message = typeof described === 'string' ? text(described, described) : described;
    const param = unknownFieldOf(error) ?? paramOf(message['en-US']);
    return new ApiV1Error(400, 'invalid_request_error', 'parameter_invalid', message, param);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiV1Error(400, 'invalid_request_error', 'body_invalid', MERCHANT_API.bodyNotJson, 'body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiV1Error(413, 'invalid_request_error', 'body_too_large', MERCHANT_API.bodyTooLarge, 'body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiV1Error(415, 'invalid_request_error', 'unsupported_media_type', MERCHANT_API.sendJson, 'body');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiV1Error(
      error.statusCode,
      'invalid_request_error',
      'request_invalid',
      text(error.message, error.message),
    );
  }
  return null;
}

/** Any error thrown while answering a merchant API call, as the merchant API's error (a fault: api_error 500). */
export function apiErrorOf(error: unknown, request: FastifyRequest): ApiV1Error {
  if (error instanceof ApiV1Error) return error;
  if (error instanceof BizError) return fromBizError(error);
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'merchant API answer does not match its schema');
    return new ApiV1Error(500, 'api_error', 'internal_error', MERCHANT_API.serverError);
  }
  const mapped = fromFrameworkError(error as FastifyError, request);
  if (mapped) return mapped;
  return new ApiV1Error(500, 'api_error', 'internal_error', MERCHANT_API.serverError);
}

export const errorBody = (error: ApiV1Error, language: Language): ApiErrorBody => ({
  error: { type: error.type, code: error.code, message: error.text[language], param: error.param },
});

/** Send a merchant API error (outside any route's response schema). */
export function sendApiError(reply: FastifyReply, error: ApiV1Error) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(errorBody(error, apiLanguage(reply.request)));
}
