// The order module's front door: the public cashier and the channels' outcomes (/api/pay), orders and refunds in
// the back office (/order, /exportOrder), and the job that closes unpaid orders. Channels are reached through their
// port (ModuleContext.channels), never by name.
import { and, eq, inArray } from 'drizzle-orm';
import { PAID_STATUSES } from '@mchweb/contract';
import type { AppModule } from '../../module.ts';
import cashierRoutes from './cashier.routes.ts';
import { orderJobs } from './order-jobs.ts';
import { orderReconcileCheck } from './order-reconcile.ts';
import orderRoutes from './order.routes.ts';
import { orders } from './order.tables.ts';

export { apiPayment, apiRefund, createApiPayment, type NewApiPayment } from './api-payment.service.ts';
export { cashierOrder, cashierOrderOf, createPayment, type PaySettings } from './cashier.service.ts';
export { PAYER_ALIPAY_COOKIE, PAYER_OPENID_COOKIE } from './cashier.routes.ts';
export { applyPaymentNotice, closeExpiredOrders } from './payment-notice.service.ts';
export { queryWaiting } from './order-jobs.ts';
export { finishRefund, requestRefund } from './refund.service.ts';
export { insertPastOrders, type PastOrderMoney } from './order-bulk.ts';
export { lastPaymentEvents } from './order-past-events.ts';
export { refundsWaitingSince } from './order-jobs.ts';
export { channelDayLines, paymentsByNo, type ChannelDayLine } from './order-channel-day.ts';
export { resolveFilter } from './order-filter.ts';
export { listOrders, orderNoOfRefundSql, orderNosOfRefunds, orderPageQuery } from './order-query.service.ts';
export { orderSummary, tradeByDay, type TradeDayLine } from './order-summary.service.ts';
export { platformDays, type PlatformDayLine } from './order-console.service.ts';

export const module: AppModule = {
  name: 'order',
  routes: [
    { plugin: orderRoutes, prefix: '/api/merchant' },
    { plugin: cashierRoutes, prefix: '/api/pay' },
  ],
  reconcileChecks: [orderReconcileCheck],
  jobs: orderJobs,
  welcomeSteps: [
    {
      key: 'firstPayment',
      path: '/order',
      done: async (db, companyId) =>
        (
          await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.companyId, companyId), inArray(orders.status, [...PAID_STATUSES])))
            .limit(1)
        ).length > 0,
    },
  ],
};
