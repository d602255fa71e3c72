import type { CashierOrder, CashierOrderBody } from '@mchweb/contract';
import { apiPost, atApiOrigin } from '@/lib/api';

/**
 * POST /api/pay/order (public): a PENDING order for the code. The same idempotency key and body answer the same
 * order, so a retry never pays twice. Quiet: the cashier shows the msg under the Pay button.
 */
export const createCashierOrder = (body: CashierOrderBody) =>
  apiPost<CashierOrder>(atApiOrigin('/api/pay/order'), body, { quiet: true });
