import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';

/** How often the cashier reads a PENDING order again until the channel's notice has settled it. */
export const CASHIER_POLL_MS = 1500;

/**
 * GET /api/pay/order/:orderNo (public): what the payer may see of the order. Quiet: the page shows a refusal.
 * Read in the background (no top progress bar): the page polls it while the order is pending.
 */
export const fetchCashierOrder = (orderNo: string, signal?: AbortSignal) =>
  call(orderEndpoints.cashierOrder, { params: { orderNo } }, { signal, quiet: true, background: true });
