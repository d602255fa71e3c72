/**
 * The `data` of each event type, made from the changed row by the module that changed it. Amounts are in fen
 * (whole numbers), times ISO 8601 in UTC, as everywhere in the API. The merchant's number (`mchNo`) is added
 * by recordEvent.
 */
const iso = (d: Date | null) => d?.toISOString() ?? null;

export const orderData = (o: {
  orderNo: string;
  channel: string;
  status: string;
  amountFen: number;
  feeFen: number;
  refundedFen: number;
  codeNo: string | null;
  channelTradeNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
}) => ({
  object: 'order',
  orderNo: o.orderNo,
  status: o.status,
  channel: o.channel,
  amountFen: o.amountFen,
  feeFen: o.feeFen,
  refundedFen: o.refundedFen,
  codeNo: o.codeNo,
  channelTradeNo: o.channelTradeNo,
  createdAt: iso(o.createdAt),
  paidAt: iso(o.paidAt),
  closedAt: iso(o.closedAt),
});

export const refundData = (
  r: {
    refundNo: string;
    amountFen: number;
    status: string;
    reason: string | null;
    failReason: string | null;
    createdAt: Date;
    finishedAt: Date | null;
  },
  orderNo: string,
) => ({
  object: 'refund',
  refundNo: r.refundNo,
  orderNo,
  status: r.status,
  amountFen: r.amountFen,
  reason: r.reason,
  failReason: r.failReason,
  createdAt: iso(r.createdAt),
  finishedAt: iso(r.finishedAt),
});

export const settlementData = (s: {
  settleNo: string;
  settleDate: string;
  tradeCount: number;
  tradeFen: number;
  refundFen: number;
  feeFen: number;
  splitFen: number;
  netFen: number;
  settledAt: Date | null;
}) => ({
  object: 'settlement',
  settleNo: s.settleNo,
  settleDate: s.settleDate,
  tradeCount: s.tradeCount,
  tradeFen: s.tradeFen,
  refundFen: s.refundFen,
  feeFen: s.feeFen,
  splitFen: s.splitFen,
  netFen: s.netFen,
  settledAt: iso(s.settledAt),
});

export const transferData = (t: {
  transferNo: string;
  amountFen: number;
  status: string;
  failReason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}) => ({
  object: 'transfer',
  transferNo: t.transferNo,
  status: t.status,
  amountFen: t.amountFen,
  failReason: t.failReason,
  createdAt: iso(t.createdAt),
  finishedAt: iso(t.finishedAt),
});
