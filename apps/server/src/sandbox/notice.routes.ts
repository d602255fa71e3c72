import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashierOrder,
  envelopeSchema,
  REFUND_STATUSES,
  sandboxNotifyBody,
  sandboxPayoutNotifyBody,
  sandboxRefundNotifyBody,
  TRANSFER_STATUSES,
} from '@mchweb/contract';
import { forbidden, ok } from '../errors.ts';
import type { ModuleContext } from '../module.ts';
import { applyPaymentNotice, cashierOrder as orderForPayer, finishRefund } from '../modules/order/index.ts';
import { finishTransfer } from '../modules/transfer/index.ts';
import { sandboxPayment, sandboxPayout } from './sandbox-channel.ts';
import { SANDBOX } from './sandbox.messages.ts';

const tags = ['cashier (public)'];

/**
 * The sandbox channel's notices (public): a payment's result (the cashier page's success and failure buttons), a
 * refund's and a payout's answer. Each is read by the sandbox adapter (as a real notice by its channel's adapter)
 * and applied by the order or transfer module; repeats change nothing. Off (`on` false: this server is no sandbox),
 * the same paths answer 403 saying so.
 */
export const noticeRoutes =
  (on: boolean): FastifyPluginAsyncZod<ModuleContext> =>
  async (app, { config }) => {
    const settings = { tz: config.timezone };
    const sandboxOnly = (off: typeof SANDBOX.paymentsOff) => {
      if (!on) throw forbidden(off);
    };
    app.post('/sandbox/notify', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sandbox only: the channel's asynchronous notice of a payment's result (repeats change nothing)",
        body: sandboxNotifyBody,
        response: { 200: envelopeSchema(cashierOrder) },
      },
      handler: async (request) => {
        sandboxOnly(SANDBOX.paymentsOff);
        const notice = await sandboxPayment.parseNotice({ headers: request.headers, body: request.body });
        if (notice.kind === 'payment') await applyPaymentNotice(app.db, notice.payment, settings);
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
        sandboxOnly(SANDBOX.paymentsOff);
        const notice = await sandboxPayment.parseNotice({ headers: request.headers, body: request.body });
        if (notice.kind !== 'refund') throw new Error('the sandbox read a refund notice as another kind');
        const { refundNo, status } = await finishRefund(app.db, notice.refund, settings);
        return ok({ refundNo, status: status as (typeof REFUND_STATUSES)[number] });
      },
    });
    app.post('/sandbox/payout-notify', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sandbox only: the payout channel's answer to a PROCESSING transfer (repeats change nothing)",
        body: sandboxPayoutNotifyBody,
        response: { 200: envelopeSchema(z.object({ transferNo: z.string(), status: z.enum(TRANSFER_STATUSES) })) },
      },
      handler: async (request) => {
        sandboxOnly(SANDBOX.payoutsOff);
        const outcome = await sandboxPayout.parseNotice({ headers: request.headers, body: request.body });
        const { transferNo, status } = await finishTransfer(app.db, outcome);
        return ok({ transferNo, status: status as (typeof TRANSFER_STATUSES)[number] });
      },
    });
  };
