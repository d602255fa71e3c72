import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashierOrder,
  envelopeSchema,
  REFUND_STATUSES,
  sandboxNotifyBody,
  sandboxRefundNotifyBody,
  orderEndpoints as ep,
} from '@mchweb/contract';
import { forbidden, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
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
  route(app, ep.cashierCode, async (request) => ok(await codeForPayer(app.db, request.params.codeNo)));
  route(app, ep.cashierCreate, async (request) =>
    ok(await createPayment(app.db, request.actor, request.body, settings)),
  );
  route(app, ep.cashierOrder, async (request) => ok(await orderForPayer(app.db, request.params.orderNo)));
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
