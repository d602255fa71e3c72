import type { z } from 'zod';
import type { ApiKeyScope } from '../developer/scopes.ts';
import {
  v1SettlementPage,
  v1CreatedPayment,
  createPaymentBody,
  createRefundBody,
  v1Payment,
  paymentListQuery,
  v1PaymentPage,
  paymentParams,
  v1Refund,
  refundParams,
  settlementListQuery,
} from './schemas.ts';
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  v1WebhookEndpoint,
  v1WebhookEndpointPage,
  v1WebhookEndpointWithSecret,
  webhookEndpointParams,
} from './webhook-schemas.ts';

/**
 * One call of the merchant API (/api/v1), declared once: the server registers it (modules/developer) and writes
 * the OpenAPI document at /api/v1/openapi.json from it, examples included. Unlike the portal's `Endpoint`, it
 * answers its data as it is (no envelope), with `status` on success, and needs a scope of the caller's API key.
 */
export interface ApiV1Endpoint {
  method: 'GET' | 'POST';
  path: `/api/v1/${string}`;
  scope: ApiKeyScope;
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201;
  /** What a call sends and gets, for the reference. */
  example: { body?: unknown; response: unknown };
}
/** The merchant API's base path: its calls, its own error format and its OpenAPI document live under it. */
export const MERCHANT_API_V1 = '/api/v1';

const defineApiV1 = <const E extends ApiV1Endpoint>(endpoint: E): E => endpoint;

const examplePayment = {
  orderNo: 'P20260501093000123456',
  mchNo: 'M100000001',
  mchName: 'Morning Light Coffee',
  channel: 'WECHAT',
  status: 'PENDING',
  amountFen: 1280,
  feeFen: 0,
  refundedFen: 0,
  refundableFen: 0,
  description: 'Latte x1',
  metadata: { till: '3', shopOrder: 'A-1001' },
  codeNo: null,
  channelTradeNo: null,
  createdAt: '2026-05-01T01:30:00.000Z',
  paidAt: null,
  closedAt: null,
  expiresAt: '2026-05-01T01:45:00.000Z',
};
const exampleRefund = {
  refundNo: 'R20260501100000654321',
  orderNo: 'P20260501093000123456',
  status: 'PROCESSING',
  amountFen: 500,
  feeRefundFen: 3,
  reason: 'Customer returned one item',
  failReason: null,
  createdAt: '2026-05-01T02:00:00.000Z',
  finishedAt: null,
};
const { metadata: _m, channelTradeNo: _c, closedAt: _cl, expiresAt: _e, ...exampleListItem } = examplePayment;
const exampleEndpoint = {
  id: 12,
  url: 'https://shop.example.com/hooks/mchweb',
  description: 'Shop system',
  eventTypes: ['order.paid', 'refund.succeeded', 'refund.failed'],
  mchNos: ['M100000001'],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-05-01T01:00:00.000Z',
};
const exampleSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const merchantApiV1 = {
  createPayment: defineApiV1({
    method: 'POST',
    path: '/api/v1/payments',
    scope: 'orders:write',
    operationId: 'createPayment',
    tags: ['payments'],
    summary: 'Create a payment',
    description:
      "A PENDING order for one of the key's merchants. Show `payerUrl` to the payer as a QR code (or open it on their phone); it closes unpaid after `expiresInMinutes` (15 at most). Send an `Idempotency-Key`: a retry with the same key and body answers the same payment.",
    body: createPaymentBody,
    response: v1CreatedPayment,
    status: 201,
    example: {
      body: {
        mchNo: 'M100000001',
        amountFen: 1280,
        channel: 'WECHAT',
        description: 'Latte x1',
        metadata: { till: '3', shopOrder: 'A-1001' },
        expiresInMinutes: 15,
      },
      response: {
        ...examplePayment,
        payerUrl: 'https://pay.example.com/mchweb/pay/order/P20260501093000123456',
        payerAction: {},
      },
    },
  }),
  listPayments: defineApiV1({
    method: 'GET',
    path: '/api/v1/payments',
    scope: 'orders:read',
    operationId: 'listPayments',
    tags: ['payments'],
    summary: 'List payments',
    description:
      "Newest first, with the portal's order filters (default: the last 7 days and today). Pages by keyset: pass `nextCursor` back as `cursor` while `hasMore` is true.",
    query: paymentListQuery,
    response: v1PaymentPage,
    status: 200,
    example: { response: { rows: [exampleListItem], nextCursor: '1024', hasMore: true } },
  }),
  getPayment: defineApiV1({
    method: 'GET',
    path: '/api/v1/payments/:orderNo',
    scope: 'orders:read',
    operationId: 'getPayment',
    tags: ['payments'],
    summary: 'Get a payment',
    description: "One payment of the key's merchants, by its order number (another's answers 404).",
    params: paymentParams,
    response: v1Payment,
    status: 200,
    example: {
      response: {
        ...examplePayment,
        status: 'SUCCESS',
        feeFen: 8,
        refundableFen: 1280,
        paidAt: '2026-05-01T01:31:12.000Z',
      },
    },
  }),
  createRefund: defineApiV1({
    method: 'POST',
    path: '/api/v1/payments/:orderNo/refunds',
    scope: 'refunds:write',
    operationId: 'createRefund',
    tags: ['refunds'],
    summary: 'Refund a payment',
    description:
      'Part or all of what is left of a paid payment. The refund is PROCESSING until the channel answers (then SUCCESS or FAILED). Send an `Idempotency-Key`: a retry answers the same refund.',
    params: paymentParams,
    body: createRefundBody,
    response: v1Refund,
    status: 201,
    example: { body: { amountFen: 500, reason: 'Customer returned one item' }, response: exampleRefund },
  }),
  getRefund: defineApiV1({
    method: 'GET',
    path: '/api/v1/refunds/:refundNo',
    scope: 'orders:read',
    operationId: 'getRefund',
    tags: ['refunds'],
    summary: 'Get a refund',
    description: "One refund of a payment of the key's merchants, by its refund number.",
    params: refundParams,
    response: v1Refund,
    status: 200,
    example: { response: { ...exampleRefund, status: 'SUCCESS', finishedAt: '2026-05-01T02:00:05.000Z' } },
  }),
  listSettlements: defineApiV1({
    method: 'GET',
    path: '/api/v1/settlements',
    scope: 'settlements:read',
    operationId: 'listSettlements',
    tags: ['settlements'],
    summary: 'List settlements',
    description:
      'One settlement per merchant and business day (T+1), newest day first (default: the last 30 days). Keyset pages as for payments.',
    query: settlementListQuery,
    response: v1SettlementPage,
    status: 200,
    example: {
      response: {
        rows: [
          {
            settleNo: 'S20260430M100000001',
            mchNo: 'M100000001',
            mchName: 'Morning Light Coffee',
            settleDate: '2026-04-30',
            status: 'SETTLED',
            tradeCount: 120,
            tradeFen: 356000,
            refundCount: 2,
            refundFen: 3000,
            feeFen: 2118,
            splitFen: 0,
            netFen: 350882,
            failReason: null,
            createdAt: '2026-04-30T18:00:02.000Z',
            settledAt: '2026-04-30T18:00:02.000Z',
          },
        ],
        nextCursor: null,
        hasMore: false,
      },
    },
  }),
  listWebhookEndpoints: defineApiV1({
    method: 'GET',
    path: '/api/v1/webhook_endpoints',
    scope: 'webhooks:manage',
    operationId: 'listWebhookEndpoints',
    tags: ['webhook_endpoints'],
    summary: 'List webhook endpoints',
    description:
      "The organisation's webhook endpoints (at most 20, in one page), oldest first. A key limited to some merchants sees only the endpoints limited to some of its merchants.",
    response: v1WebhookEndpointPage,
    status: 200,
    example: { response: { rows: [exampleEndpoint], nextCursor: null, hasMore: false } },
  }),
  createWebhookEndpoint: defineApiV1({
    method: 'POST',
    path: '/api/v1/webhook_endpoints',
    scope: 'webhooks:manage',
    operationId: 'createWebhookEndpoint',
    tags: ['webhook_endpoints'],
    summary: 'Create a webhook endpoint',
    description:
      'Where the platform sends the events of `eventTypes` (signed as the Standard Webhooks specification says) for the merchants of `mchNos` (null: every merchant, those added later included; a key limited to some merchants names some of its own). The answer holds the signing `secret`: keep it, it is not answered again (rotate it to get a new one). At most 20 endpoints per organisation.',
    body: createWebhookEndpointBody,
    response: v1WebhookEndpointWithSecret,
    status: 201,
    example: {
      body: {
        url: exampleEndpoint.url,
        description: exampleEndpoint.description,
        eventTypes: exampleEndpoint.eventTypes,
        mchNos: exampleEndpoint.mchNos,
      },
      response: { ...exampleEndpoint, secret: exampleSecret },
    },
  }),
  getWebhookEndpoint: defineApiV1({
    method: 'GET',
    path: '/api/v1/webhook_endpoints/:id',
    scope: 'webhooks:manage',
    operationId: 'getWebhookEndpoint',
    tags: ['webhook_endpoints'],
    summary: 'Get a webhook endpoint',
    description: 'One webhook endpoint, without its secret.',
    params: webhookEndpointParams,
    response: v1WebhookEndpoint,
    status: 200,
    example: { response: exampleEndpoint },
  }),
  updateWebhookEndpoint: defineApiV1({
    method: 'POST',
    path: '/api/v1/webhook_endpoints/:id',
    scope: 'webhooks:manage',
    operationId: 'updateWebhookEndpoint',
    tags: ['webhook_endpoints'],
    summary: 'Update a webhook endpoint',
    description:
      'Changes the fields sent; the others stay. `enabled: false` turns the endpoint off (there is no delete: an endpoint is turned off, and its deliveries stay readable on the portal); `enabled: true` turns it on again, also after the platform turned it off, from the next event on.',
    params: webhookEndpointParams,
    body: updateWebhookEndpointBody,
    response: v1WebhookEndpoint,
    status: 200,
    example: {
      body: { eventTypes: ['order.paid'], enabled: false },
      response: { ...exampleEndpoint, eventTypes: ['order.paid'], enabled: false },
    },
  }),
  rotateWebhookEndpointSecret: defineApiV1({
    method: 'POST',
    path: '/api/v1/webhook_endpoints/:id/rotate_secret',
    scope: 'webhooks:manage',
    operationId: 'rotateWebhookEndpointSecret',
    tags: ['webhook_endpoints'],
    summary: "Rotate a webhook endpoint's secret",
    description:
      'A new signing secret, answered once. The previous secret signs too (a second signature) until `previousSecretUntil`, 24 hours on: deploy the new one before then.',
    params: webhookEndpointParams,
    response: v1WebhookEndpointWithSecret,
    status: 200,
    example: {
      response: {
        ...exampleEndpoint,
        previousSecretUntil: '2026-05-02T01:00:00.000Z',
        secret: 'whsec_dGhlIG5ldyBzZWNyZXQgYWZ0ZXIgcm90',
      },
    },
  }),
};
export type MerchantApiV1 = typeof merchantApiV1;
