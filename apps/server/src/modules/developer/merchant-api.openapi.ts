import { z } from 'zod';
import {
  API_ERROR_TYPES,
  API_KEY_SCOPES,
  IDEMPOTENCY_HOURS,
  MERCHANT_API_V1,
  apiError,
  merchantApiV1,
  type ApiV1Endpoint,
} from '@mchweb/contract';

type Json = Record<string, unknown>;
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Json;

/** Query and path parameters, one per property of the schema's input (what a caller writes). */
function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description && { description }),
      schema: rest,
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const REPLAYED = ' (a retry with the same Idempotency-Key answers the same)';

function operation(endpoint: ApiV1Endpoint): Json {
  const post = endpoint.method === 'POST';
  return {
    operationId: endpoint.operationId,
    tags: endpoint.tags,
    summary: endpoint.summary,
    description: endpoint.description,
    'x-scope': endpoint.scope,
    security: [{ apiKey: [] }],
    parameters: [
      ...parametersOf(endpoint.params, 'path'),
      ...parametersOf(endpoint.query, 'query'),
      ...(post ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...(endpoint.body && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: schemaOf(endpoint.body, 'input'), example: endpoint.example.body },
        },
      },
    }),
    responses: {
      [endpoint.status]: {
        description: `${endpoint.status === 201 ? 'Created' : 'OK'}${post ? REPLAYED : ''}`,
        content: {
          'application/json': { schema: schemaOf(endpoint.response, 'output'), example: endpoint.example.response },
        },
      },
      400: errorResponse('invalid_request_error: a parameter is wrong, or the state forbids it'),
      401: errorResponse('authentication_error: no API key, or one that is invalid or revoked'),
      403: errorResponse(`permission_error: the key lacks the scope ${endpoint.scope}`),
      ...(endpoint.params && { 404: errorResponse('invalid_request_error: not found (or not one of your merchants)') }),
      ...(post && { 409: errorResponse('idempotency_error: the key was used with another request') }),
      429: errorResponse('rate_limit_error: too many requests with this key (see Retry-After)'),
      500: errorResponse('api_error: a fault on our side'),
    },
  };
}

/** OpenAPI 3.0 path syntax (`{orderNo}`) for the contract's (`:orderNo`), under the server's /api/v1. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The merchant API's own OpenAPI document (/api/v1/openapi.json), made from the same contract entries that
 * register and validate its routes, examples included; separate from the portal's /api/docs/openapi.json.
 */
export function merchantApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of Object.values(merchantApiV1) as ApiV1Endpoint[]) {
    const path = openApiPath(endpoint.path.slice(MERCHANT_API_V1.length));
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'mchweb merchant API',
      version: '1',
      description: [
        'Take payments, read orders, refund, read settlements and manage your webhook endpoints from your own systems.',
        'Authenticate with an API key from the portal (Developers): `Authorization: Bearer mk_live_...`.',
        `Every POST takes an \`Idempotency-Key\` header, kept ${IDEMPOTENCY_HOURS} hours per API key: the same key and body answer the same; another body is refused with 409.`,
        'Errors are `{ "error": { "type", "code", "message", "param" } }` with an HTTP status. Amounts are integer fen.',
      ].join('\n\n'),
    },
    servers: [{ url: MERCHANT_API_V1 }],
    tags: [
      { name: 'payments', description: 'Payments (orders) of your merchants' },
      { name: 'refunds', description: 'Refunds of paid payments' },
      { name: 'settlements', description: 'T+1 settlements of each merchant-day' },
      { name: 'webhook_endpoints', description: 'Where the platform sends signed events of your merchants' },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key. Scopes: ${API_KEY_SCOPES.join(', ')}.`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: `A unique value per operation (a UUID); send it again on a retry. Kept ${IDEMPOTENCY_HOURS} hours.`,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      schemas: {
        Error: {
          ...schemaOf(apiError, 'output'),
          description: `type is one of ${API_ERROR_TYPES.join(', ')}`,
        },
      },
    },
  };
}
