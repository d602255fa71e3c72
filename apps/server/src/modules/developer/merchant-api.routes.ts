import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  IDEMPOTENCY_KEY_RE,
  MERCHANT_API_V1,
  merchantApiV1 as ep,
  orderPayPath,
  type ApiV1Endpoint,
  type OrderPage,
} from '@mchweb/contract';
import type { ModuleContext } from '../../module.ts';
import { listOrders, resolveFilter, apiPayment, apiRefund, createApiPayment, requestRefund } from '../order/index.ts';
import { listSettlements } from '../settlement/index.ts';
import {
  apiCreateEndpoint,
  apiRotateSecret,
  apiUpdateEndpoint,
  apiWebhookEndpoint,
  apiWebhookEndpoints,
  webhookSettings,
} from '../webhook/index.ts';
import { requireMember } from '../../actor.ts';
import { authenticateApiKey, touchApiKey } from './api-key.service.ts';
import { apiKeyActor } from './api-key-actor.ts';
import {
  claimIdempotencyKey,
  keepAnswer,
  releaseKey,
  requestFingerprint,
  type ClaimOptions,
} from './idempotency.service.ts';
import { ApiV1Error, apiErrorOf, errorBody, apiLanguage, sendApiError } from './merchant-api.errors.ts';
import { MERCHANT_API } from './merchant-api.messages.ts';
import { merchantApiDocument } from './merchant-api.openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a merchant API call, once authenticated (null elsewhere). */
    apiKeyId: number | null;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type V1Request<E extends ApiV1Endpoint> = FastifyRequest<{
  Body: Parsed<E['body']>;
  Querystring: Parsed<E['query']>;
  Params: Parsed<E['params']>;
}>;

export interface MerchantApiOptions {
  /** How a duplicate request waits for the first (tests shorten it). */
  idempotency?: ClaimOptions;
}

/**
 * The merchant API (/api/v1, issue 30): a merchant's own systems with an API key. Its own error handler and 404
 * (errors as `{error: {...}}` with HTTP statuses), authentication by `Authorization: Bearer` before anything
 * else (a portal session is refused), a rate limit per key, the key's scope per call, and Idempotency-Key on
 * every POST. The services are the portal's, acting as the key (its merchants are the scope of every query).
 */
const merchantApiRoutes: FastifyPluginAsyncZod<ModuleContext & MerchantApiOptions> = async (app, opts) => {
  const { config, channels } = opts;
  const mode = config.sandbox ? 'test' : 'live';
  const settings = { tz: config.timezone };
  const { allowPrivate } = webhookSettings(config);
  const origin = (request: FastifyRequest) => config.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.decorateRequest('apiKeyId', null);
  app.setErrorHandler((error, request, reply) => {
    const answer = apiErrorOf(error, request);
    if (answer.status >= 500) request.log.error({ err: error }, 'merchant API fault');
    return sendApiError(reply, answer);
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(
      reply,
      new ApiV1Error(
        404,
        'invalid_request_error',
        'unknown_path',
        MERCHANT_API.unknownPath(request.method, request.url.split('?')[0]!),
      ),
    ),
  );

  // One bucket per key across every call of the API (createRateLimit's store is not per route), in Redis when
  // REDIS_URL is set, as the portal's limits are.
  const limit = app.createRateLimit({
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKeyId}`,
  });
  // A key's "last used" is written at most once a minute per process (and the database skips the rest).
  const touched = new Map<number, number>();

  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.apiScope;
    if (!scope || scope === 'none') return;
    const header = request.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!bearer) {
      const session = typeof request.headers.token === 'string' && request.headers.token !== '';
      throw new ApiV1Error(
        401,
        'authentication_error',
        session ? 'session_not_accepted' : 'api_key_missing',
        session ? MERCHANT_API.sessionRefused : MERCHANT_API.keyMissing,
      );
    }
    const key = await authenticateApiKey(app.db, bearer, mode);
    const actor = key && (await apiKeyActor(app.db, key, request));
    if (!key || !actor) throw new ApiV1Error(401, 'authentication_error', 'api_key_invalid', MERCHANT_API.keyInvalid);
    request.apiKeyId = key.id;
    request.actor = actor;
    const now = Date.now();
    if ((touched.get(key.id) ?? 0) < now - 60_000) {
      touched.set(key.id, now);
      await touchApiKey(app.db, key.id);
    }
    const counted = await limit(request);
    if (!counted.isAllowed && 'remaining' in counted) {
      reply.header('x-ratelimit-limit', counted.max);
      reply.header('x-ratelimit-remaining', counted.remaining);
      reply.header('x-ratelimit-reset', counted.ttlInSeconds);
      if (counted.isExceeded) {
        throw new ApiV1Error(
          429,
          'rate_limit_error',
          'rate_limited',
          MERCHANT_API.rateLimited(counted.ttlInSeconds),
          null,
          counted.ttlInSeconds,
        );
      }
    }
    // An organisation frozen or closed: its keys may do nothing (requireMember refuses with the company code).
    requireMember(actor);
    if (!key.scopes.has(scope)) {
      throw new ApiV1Error(403, 'permission_error', 'scope_missing', MERCHANT_API.scopeMissing(scope));
    }
  });

  /** Registers one call of the contract's table: schemas, scope, success status, idempotency on POST. */
  function v1Route<E extends ApiV1Endpoint>(
    endpoint: E,
    handler: (request: V1Request<E>) => Promise<z.input<E['response']>>,
  ) {
    app.route({
      method: endpoint.method,
      url: endpoint.path.slice(MERCHANT_API_V1.length),
      config: { apiScope: endpoint.scope },
      schema: {
        hide: true,
        ...(endpoint.params && { params: endpoint.params }),
        ...(endpoint.query && { querystring: endpoint.query }),
        ...(endpoint.body && { body: endpoint.body }),
        response: { [endpoint.status]: endpoint.response },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const run = () => handler(request as V1Request<E>);
        if (endpoint.method !== 'POST') return reply.code(endpoint.status).send(await run());
        return idempotent(request, reply, endpoint.status, run);
      },
    });
  }

  /** A POST's Idempotency-Key: the first request runs, a retry gets its answer, another body is refused. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, status: number, run: () => Promise<unknown>) {
    const key = request.headers['idempotency-key'];
    if (key === undefined)
      throw new ApiV1Error(
        400,
        'invalid_request_error',
        'idempotency_key_missing',
        MERCHANT_API.idempotencyKeyMissing,
        'Idempotency-Key',
      );
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_RE.test(key)) {
      throw new ApiV1Error(
        400,
        'invalid_request_error',
        'idempotency_key_invalid',
        MERCHANT_API.idempotencyKeyInvalid,
        'Idempotency-Key',
      );
    }
    const apiKeyId = request.apiKeyId!;
    const fingerprint = requestFingerprint(request.method, request.url.split('?')[0]!, request.body);
    const claim = await claimIdempotencyKey(app.db, apiKeyId, key, fingerprint, opts.idempotency);
    if (claim.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      if (claim.status >= 400)
        return reply
          .code(claim.status)
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send(claim.body);
      return reply.code(claim.status).send(claim.body);
    }
    let answer: unknown;
    try {
      answer = await run();
    } catch (error) {
      const refusal = apiErrorOf(error, request);
      // A refusal is the answer to keep; after a fault (or a limit) the retry runs again.
      if (refusal.status < 500 && refusal.status !== 429) {
        await keepAnswer(app.db, apiKeyId, key, refusal.status, errorBody(refusal, apiLanguage(request)));
      } else await releaseKey(app.db, apiKeyId, key);
      throw refusal;
    }
    await keepAnswer(app.db, apiKeyId, key, status, answer);
    return reply.code(status).send(answer);
  }

  // The calls (the contract's table, in its order).
  v1Route(ep.createPayment, async (request) => {
    const { payment, payerAction } = await createApiPayment(
      app.db,
      request.actor,
      { ...request.body, idempotencyKey: `api:${request.apiKeyId}:${request.headers['idempotency-key']}` },
      settings,
      channels,
    );
    return { ...payment, payerUrl: `${origin(request)}${orderPayPath(payment.orderNo)}`, payerAction };
  });
  v1Route(ep.listPayments, async (request) => {
    const { cursor, limit: size, mchNo, status, channel, ...rest } = request.query;
    const filter = { ...rest, mchNos: mchNo, statuses: status, channels: channel };
    const r = resolveFilter(requireMember(request.actor), filter, settings.tz);
    const page = JSON.parse(await listOrders(app.database, r, { cursor, limit: size })) as OrderPage;
    return { ...page, rows: page.rows.map(({ label, ...row }) => ({ ...row, description: label })) };
  });
  v1Route(ep.getPayment, async (request) => apiPayment(app.db, request.actor, request.params.orderNo));
  v1Route(ep.createRefund, async (request) => {
    const { refundNo } = await requestRefund(
      app.db,
      request.actor,
      { orderNo: request.params.orderNo, ...request.body, idempotencyKey: refundKey(request) },
      channels,
    );
    return apiRefund(app.db, request.actor, refundNo);
  });
  v1Route(ep.getRefund, async (request) => apiRefund(app.db, request.actor, request.params.refundNo));
  v1Route(ep.listSettlements, async (request) => {
    const { mchNo, status, ...rest } = request.query;
    const page = await listSettlements(
      app.db,
      request.actor,
      { ...rest, mchNos: mchNo, statuses: status },
      settings.tz,
    );
    return { ...page, rows: page.rows.map(({ attempts: _, ...row }) => row) };
  });
  v1Route(ep.listWebhookEndpoints, async (request) => apiWebhookEndpoints(app.db, request.actor));
  v1Route(ep.createWebhookEndpoint, async (request) =>
    apiCreateEndpoint(app.db, request.actor, request.body, allowPrivate),
  );
  v1Route(ep.getWebhookEndpoint, async (request) => apiWebhookEndpoint(app.db, request.actor, request.params.id));
  v1Route(ep.updateWebhookEndpoint, async (request) =>
    apiUpdateEndpoint(app.db, request.actor, request.params.id, request.body, allowPrivate),
  );
  v1Route(ep.rotateWebhookEndpointSecret, async (request) => apiRotateSecret(app.db, request.actor, request.params.id));

  // The document of this API (no key needed: it describes, it does not answer anything of anybody's).
  const document = merchantApiDocument();
  app.get('/openapi.json', { config: { apiScope: 'none' }, schema: { hide: true } }, async () => document);
};

/** The refund's own idempotency key (the order module's, per organisation): the API key's and the caller's, hashed. */
const refundKey = (request: FastifyRequest) =>
  `api-${requestFingerprint('KEY', String(request.apiKeyId), request.headers['idempotency-key']).slice(0, 40)}`;

export default merchantApiRoutes;
