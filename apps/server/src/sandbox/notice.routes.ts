import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEndpoints as ep, type REFUND_STATUSES, type TRANSFER_STATUSES } from '@mchweb/contract';
import { forbidden, ok } from '../errors.ts';
import type { ModuleContext } from '../module.ts';
import {
  applyPaymentNotice,
  cashierOrder as orderForPayer,
  cashierOrderOf,
  finishRefund,
} from '../modules/order/index.ts';
import { finishTransfer } from '../modules/transfer/index.ts';
import { route } from '../route.ts';
import { sandboxPayment, sandboxPayout } from './sandbox-channel.ts';
import { SANDBOX } from './sandbox.messages.ts';

/**
 * The sandbox channel's notices (public): a payment's result (the cashier page's success and failure buttons), a
 * refund's and a payout's answer. Each is read by the sandbox adapter (as a real notice by its channel's adapter)
 * and applied by the order or transfer module; repeats change nothing. Off (`on` false: this server is no sandbox),
 * the same paths answer 403 saying so.
 */
export const noticeRoutes =
  (on: boolean): FastifyPluginAsyncZod<ModuleContext> =>
  async (app, { config, channels }) => {
    const settings = { tz: config.timezone };
    const sandboxOnly = (off: typeof SANDBOX.paymentsOff) => {
      if (!on) throw forbidden(off);
    };
    route(app, ep.notify, async (request) => {
      sandboxOnly(SANDBOX.paymentsOff);
      const notice = await sandboxPayment.parseNotice({ headers: request.headers, body: request.body });
      if (notice.kind !== 'payment') return ok(await orderForPayer(app.db, request.body.orderNo));
      // The answer is the row the notice's transaction left, not read again.
      return ok(await cashierOrderOf(app.db, await applyPaymentNotice(app.db, notice.payment, settings, channels)));
    });
    route(app, ep.refundNotify, async (request) => {
      sandboxOnly(SANDBOX.paymentsOff);
      const notice = await sandboxPayment.parseNotice({ headers: request.headers, body: request.body });
      if (notice.kind !== 'refund') throw new Error('the sandbox read a refund notice as another kind');
      const { refundNo, status } = await finishRefund(app.db, notice.refund, settings);
      return ok({ refundNo, status: status as (typeof REFUND_STATUSES)[number] });
    });
    route(app, ep.payoutNotify, async (request) => {
      sandboxOnly(SANDBOX.payoutsOff);
      const outcome = await sandboxPayout.parseNotice({ headers: request.headers, body: request.body });
      const { transferNo, status } = await finishTransfer(app.db, outcome);
      return ok({ transferNo, status: status as (typeof TRANSFER_STATUSES)[number] });
    });
  };
