import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { cashierOrder, REFUND_STATUSES, sandboxNotifyBody, sandboxRefundNotifyBody } from '../order/schemas.ts';
import { sandboxPayoutNotifyBody, TRANSFER_STATUSES } from '../transfer/schemas.ts';

const cashierTags = ['cashier (public)'];

/**
 * The routes that exist only while the sandbox is on (MCHWEB_SANDBOX): the simulated channels' notices and the
 * SMS outbox a tester reads codes from. Each answers 403 (or is not registered) when the sandbox is off.
 */
export const sandboxEndpoints = {
  notify: defineEndpoint({
    method: 'POST',
    path: '/api/pay/sandbox/notify',
    access: 'public',
    tags: cashierTags,
    summary: "Sandbox only: the channel's asynchronous notice of a payment's result (repeats change nothing)",
    body: sandboxNotifyBody,
    response: cashierOrder,
  }),
  refundNotify: defineEndpoint({
    method: 'POST',
    path: '/api/pay/sandbox/refund-notify',
    access: 'public',
    tags: cashierTags,
    summary: "Sandbox only: the refund channel's answer to a PROCESSING refund (repeats change nothing)",
    body: sandboxRefundNotifyBody,
    response: z.object({ refundNo: z.string(), status: z.enum(REFUND_STATUSES) }),
  }),
  payoutNotify: defineEndpoint({
    method: 'POST',
    path: '/api/pay/sandbox/payout-notify',
    access: 'public',
    tags: cashierTags,
    summary: "Sandbox only: the payout channel's answer to a PROCESSING transfer (repeats change nothing)",
    body: sandboxPayoutNotifyBody,
    response: z.object({ transferNo: z.string(), status: z.enum(TRANSFER_STATUSES) }),
  }),
  /** Lets a tester (and the end-to-end tests) read the codes the development SMS sender "sent". */
  smsOutbox: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/dev/sms-outbox',
    access: 'public',
    tags: ['sandbox'],
    summary: 'Sandbox only: the last SMS texts sent to a mobile, newest first',
    query: z.strictObject({ mobile: z.string().max(20) }),
    response: z.array(z.object({ scene: z.string(), text: z.string(), createdAt: z.date() })),
  }),
};
