import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';

/**
 * GET /api/pay/code/:codeNo (public, no sign-in): the merchant, the fixed amount or none, the label and the
 * channels of a payment code. Its answer also sets the XSRF cookie the payment calls echo. Quiet: an unknown,
 * unbound or disabled code (404/409) is the page's own state, not a toast. The cashier has no QueryClient
 * (outside the signed-in layouts): it calls this itself.
 */
export const fetchCashierCode = (codeNo: string, signal?: AbortSignal) =>
  call(orderEndpoints.cashierCode, { params: { codeNo } }, { signal, quiet: true });
