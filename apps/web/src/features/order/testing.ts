import { HttpResponse } from 'msw';
import type { OrderDetail, OrderListItem } from '@mchweb/contract';

/*
 * What the order feature's unit tests share: envelopes as the server answers them and an order as the list and
 * the drawer carry it. Imported by tests only.
 */
export const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
export const refuse = (code: number, msg: string) =>
  HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

export const orderRow = (orderNo: string, patch: Partial<OrderListItem> = {}): OrderListItem => ({
  orderNo,
  mchNo: 'M100000001',
  mchName: '晨光咖啡',
  codeNo: '123456789012',
  label: '1 号收银台',
  channel: 'WECHAT',
  status: 'SUCCESS',
  amountFen: 12_345,
  feeFen: 47,
  refundedFen: 0,
  refundableFen: 12_345,
  createdAt: '2026-05-01T10:00:00+08:00',
  paidAt: '2026-05-01T10:00:05+08:00',
  ...patch,
});
export const orderDetailOf = (row: OrderListItem, patch: Partial<OrderDetail> = {}): OrderDetail => ({
  ...row,
  feeRefundedFen: 0,
  rate: 3.8,
  channelTradeNo: 'SBX1',
  closedAt: null,
  timeline: [{ kind: 'CREATED', at: row.createdAt, amountFen: row.amountFen, refundNo: null }],
  refunds: [],
  postings: [],
  ...patch,
});

/** jsdom has no ResizeObserver; antd's Select, Table and TextArea observe their size. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
