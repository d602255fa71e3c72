import type { CashierOrderBody } from '@mchweb/contract';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';

/**
 * POST /api/pay/order (public): a PENDING order for the code. The same idempotency key and body answer the same
 * order, so a retry never pays twice. Quiet: the cashier shows the msg under the Pay button.
 */
export const createCashierOrder = (body: CashierOrderBody) =>
  call(orderEndpoints.cashierCreate, { body }, { quiet: true });
