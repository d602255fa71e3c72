import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashierCode,
  cashierCodeParams,
  cashierOrder,
  cashierOrderBody,
  cashierOrderParams,
  envelopeSchema,
  REFUND_STATUSES,
  sandboxNotifyBody,
  sandboxRefundNotifyBody,
} from '@mchweb/contract';
import { forbidden, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { cashierCode as codeForPayer, cashierOrder as orderForPayer, createPayment } from './cashier.service.ts';
import { ORDER } from './order.messages.ts';
import { applyPaymentNotice } from './payment-notice.service.ts';
import { finishRefund } from './refund.service.ts';

const tags = ['cashier (public)'];

/**
 * The public cashier a payer reaches by scanning a code (/mchweb/pay/:codeNo), and the sandbox channel's notices.
 * No sign-in: the code number and the order number are the credentials, as on a printed code and a receipt.
 */
const cashierRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const settings = { tz: config.timezone };
  const sandboxOnly = () => {
    if (!config.sandbox) throw forbidden(ORDER.sandboxOnly);
  };
  app.get('/code/:codeNo', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The code's merchant, fixed amount and label, and the channels it takes",
      params: cashierCodeParams,
      response: { 200: envelopeSchema(cashierCode) },
    },
    handler: async (request) => ok(await codeForPayer(app.db, request.params.codeNo)),
  });
  app.post('/order', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Create a PENDING order for a bound code; the same idempotencyKey answers the same order',
      body: cashierOrderBody,
      response: { 200: envelopeSchema(cashierOrder) },
    },
    handler: async (request) => ok(await createPayment(app.db, request.actor, request.body, settings)),
  });
  app.get('/order/:orderNo', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The payer's view of an order (poll it until it is no longer PENDING)",
      params: cashierOrderParams,
      response: { 200: envelopeSchema(cashierOrder) },
    },
    handler: async (request) => ok(await orderForPayer(app.db, request.params.orderNo)),
  });
  app.post('/sandbox/notify', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "Sandbox only: the channel's asynchronous notice of a payment's result (repeats change nothing)",
      body: sandboxNotifyBody,
      response: { 200: envelopeSchema(cashierOrder) },
    },
    handler: async (request) => {
      sandboxOnly();
      await applyPaymentNotice(app.db, request.body, settings);
      return ok(await orderForPayer(app.db, request.body.orderNo));
    },
  });
  app.post('/sandbox/refund-notify', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "Sandbox only: the refund channel's answer to a PROCESSING refund (repeats change nothing)",
      body: sandboxRefundNotifyBody,
      response: { 200: envelopeSchema(z.object({ refundNo: z.string(), status: z.enum(REFUND_STATUSES) })) },
    },
    handler: async (request) => {
      sandboxOnly();
      const refund = await finishRefund(app.db, request.body, settings);
      return ok({ refundNo: refund.refundNo, status: refund.status as (typeof REFUND_STATUSES)[number] });
    },
  });
};
export default cashierRoutes;
