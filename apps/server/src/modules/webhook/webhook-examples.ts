import type { WebhookEventType } from '@mchweb/contract';
import { orderData, refundData, settlementData, transferData } from './webhook-payloads.ts';

const at = new Date('2026-01-01T02:00:00.000Z');
const order = {
  orderNo: 'P20260101100000123456',
  merchantId: 0,
  channel: 'WECHAT',
  status: 'SUCCESS',
  amountFen: 1280,
  feeFen: 5,
  refundedFen: 0,
  codeNo: '880000000001',
  channelTradeNo: '4200000000202601011234567890',
  createdAt: at,
  paidAt: at,
  closedAt: null,
};

/** What a test event carries: an example of the type's `data`, marked as a test. */
export function exampleOf(type: WebhookEventType): Record<string, unknown> {
  const base = { mchNo: 'M0000000000', test: true };
  switch (type) {
    case 'order.paid':
      return { ...base, ...orderData(order) };
    case 'order.closed':
      return {
        ...base,
        ...orderData({ ...order, status: 'CLOSED', paidAt: null, closedAt: at, channelTradeNo: null }),
      };
    case 'refund.succeeded':
    case 'refund.failed':
      return {
        ...base,
        ...refundData(
          {
            refundNo: 'R20260101100000123456',
            amountFen: 1280,
            status: type === 'refund.succeeded' ? 'SUCCESS' : 'FAILED',
            reason: null,
            failReason: type === 'refund.failed' ? 'Refused by the channel / 渠道拒绝退款' : null,
            createdAt: at,
            finishedAt: at,
          },
          order.orderNo,
        ),
      };
    case 'settlement.settled':
      return {
        ...base,
        ...settlementData({
          settleNo: 'S20260101M0000000000',
          settleDate: '2026-01-01',
          tradeCount: 1,
          tradeFen: 1280,
          refundFen: 0,
          feeFen: 5,
          splitFen: 0,
          netFen: 1275,
          settledAt: at,
        }),
      };
    case 'transfer.succeeded':
    case 'transfer.failed':
      return {
        ...base,
        ...transferData({
          transferNo: 'T20260101100000123456',
          amountFen: 10000,
          status: type === 'transfer.succeeded' ? 'SUCCESS' : 'FAILED',
          failReason: type === 'transfer.failed' ? 'Refused by the payout channel / 出款渠道拒绝' : null,
          createdAt: at,
          finishedAt: at,
        }),
      };
  }
}
