import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema, type Endpoint, type Envelope } from '@mchweb/contract';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler gets: body, query and params as the endpoint's schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: Parsed<E['body']>;
  Querystring: Parsed<E['query']>;
  Params: Parsed<E['params']>;
}>;

/**
 * What a handler answers: the envelope of the declared data; or, as the escape hatch, the reply itself when it
 * has sent the answer on its own (a file, a stream, JSON text already made: `reply.send(...)` returns the reply).
 */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType
  ? Envelope<z.output<E['response']>> | FastifyReply
  : FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E>>;

/** What the server adds to a declaration: the scale of the limits on the calls that guess secrets. */
export interface RouteOptions {
  authRateLimitScale?: number;
}

/**
 * Registers the route of an endpoint declared in @mchweb/contract: method, URL, access, readOnly, rate limit and
 * the zod schemas that validate it and make its OpenAPI entry all come from the declaration. `app` is a route
 * plugin registered under a prefix (`/api/merchant`, `/api/pay`, ...) that the declared path starts with.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const { method, path, access, readOnly, rateLimit } = endpoint;
  if (!path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${method} ${path} is declared outside the prefix ${app.prefix} it is registered under`);
  }
  if (rateLimit?.authScaled && options.authRateLimitScale === undefined) {
    throw new Error(`${method} ${path}: give the route its authRateLimitScale`);
  }
  const schema: FastifySchema & { tags: readonly string[]; summary: string; consumes?: readonly string[] } = {
    tags: endpoint.tags,
    summary: endpoint.summary,
  };
  if (endpoint.consumes) schema.consumes = endpoint.consumes;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response !== 'file') schema.response = { 200: envelopeSchema(endpoint.response) };
  const max = rateLimit && rateLimit.perMinute * (rateLimit.authScaled ? options.authRateLimitScale! : 1);
  app.route({
    method,
    url: path.slice(app.prefix.length),
    config: {
      access,
      ...(readOnly ? { readOnly } : {}),
      ...(max !== undefined ? { rateLimit: { max, timeWindow: 60_000 } } : {}),
    },
    schema: schema as FastifySchema,
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
