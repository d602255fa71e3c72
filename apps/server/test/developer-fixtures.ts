import type { InjectOptions } from 'fastify';
import type { ApiKeyScope, CreatedApiKey } from '@mchweb/contract';
import type { TestApp, TestClient } from './harness.ts';

// API keys and calls to the merchant API (/api/v1, issue 30) for the developer tests and the permission sweep.

export const ALL_SCOPES: ApiKeyScope[] = [
  'orders:read',
  'orders:write',
  'refunds:write',
  'settlements:read',
  'webhooks:manage',
];

/** A key made through the portal by a member who may (developer:manage). */
export async function createKey(
  member: TestClient,
  opts: { name?: string; scopes?: ApiKeyScope[]; merchantIds?: number[] | null } = {},
): Promise<CreatedApiKey> {
  const res = await member.post<CreatedApiKey>('/api/merchant/developer/key/create', {
    name: opts.name ?? 'Till system',
    scopes: opts.scopes ?? ALL_SCOPES,
    merchantIds: opts.merchantIds ?? null,
  });
  if (res.body.code !== 200) throw new Error(`key refused: ${res.body.msg}`);
  return res.body.data;
}

let serial = 0;
/** A fresh Idempotency-Key. */
export const idem = () => `test-${Date.now()}-${++serial}`;

export interface ApiAnswer<T = unknown> {
  http: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A call of the merchant API with a key (or none); POSTs get a fresh Idempotency-Key unless one is given. */
export async function api<T = unknown>(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST',
  url: string,
  opts: {
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(method === 'POST' ? { 'idempotency-key': opts.idempotencyKey ?? idem() } : {}),
    ...opts.headers,
  };
  const request: InjectOptions = { method, url, headers, query: opts.query };
  if (method === 'POST') request.payload = (opts.body ?? {}) as object;
  const res = await t.app.inject(request);
  return { http: res.statusCode, body: res.json() as T, headers: res.headers };
}

export const payment = (mchNo = 'M100000001', amountFen = 1280) => ({
  mchNo,
  amountFen,
  channel: 'WECHAT',
  description: 'Latte x1',
});
