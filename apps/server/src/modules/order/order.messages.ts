import { formatFen } from '@mchweb/contract';
import { XLSX_MAX_DATA_ROWS } from '../../export-file.ts';
import { fieldText, text } from '../../i18n/text.ts';

const yuan = (fen: number) => `¥${formatFen(fen)}`;

/** Messages of the cashier, orders and refunds. */
export const ORDER = {
  codeNotFound: text(
    'This payment code does not exist. Check the number on the code.',
    '该收款码不存在，请核对码上的编号',
  ),
  codeUnbound: text(
    'This payment code is not in use yet: the shop has not bound it to a merchant.',
    '该收款码尚未启用：商家还未绑定商户',
  ),
  codeDisabled: text('This payment code has been disabled by the shop.', '该收款码已被商家停用'),
  channelClosed: fieldText('channel', 'the merchant does not take this channel', '该商户未开通此支付渠道'),
  channelNotConnected: fieldText(
    'channel',
    'no payment channel is connected for it yet, so this merchant cannot take its payments here',
    '该支付渠道尚未接入，商户暂时无法通过它收款',
  ),
  channelNoSubMerchant: fieldText(
    'channel',
    'the merchant is not set up at this payment channel yet (no sub-merchant id), so it cannot take its payments',
    '商户尚未在该支付渠道开通特约商户号，暂时无法通过它收款',
  ),
  channelDown: text(
    'The payment channel did not answer. Tap pay again: it is the same order, you will not pay twice.',
    '支付渠道暂未响应，请再次点击付款：仍是同一笔订单，不会重复扣款',
  ),
  latePaymentRefund: text(
    'Paid after the order had closed: refunded automatically',
    '订单关闭后才完成支付，已自动全额退款',
  ),
  fixedAmount: (fen: number) =>
    fieldText('amountFen', `must be the code's fixed amount ${yuan(fen)}`, `须为该收款码的固定金额 ${yuan(fen)}`),
  keyReused: fieldText(
    'idempotencyKey',
    'was already used for a different request; make a new key for a new payment or refund',
    '已用于另一笔不同的请求，新的付款或退款请使用新的幂等键',
  ),
  orderNotFound: text('Order not found', '订单不存在'),
  refundNotFound: text('Refund not found', '退款不存在'),
  merchantNotFound: (mchNo: string) =>
    fieldText('mchNo', `${mchNo}: no such merchant that you may act for`, `${mchNo}：没有您可操作的该商户`),
  notRefundable: (status: string) =>
    fieldText('orderNo', `an order in status ${status} cannot be refunded`, `状态为 ${status} 的订单不能退款`),
  overRefund: (refundableFen: number) =>
    fieldText(
      'amountFen',
      `must be at most ${yuan(refundableFen)}, what is left to refund on this order`,
      `不能超过该订单可退金额 ${yuan(refundableFen)}`,
    ),
  balanceShort: text(
    "The merchant's balance does not cover this refund (pending and available together); wait for new trade or settle first",
    '商户余额（待结算与可用合计）不足以支付本次退款，请待有新交易后再试',
  ),
  exportTooWide: fieldText(
    'filter',
    'covers more than 366 days; choose a shorter time range',
    '时间范围超过 366 天，请缩短',
  ),
  xlsxTooMany: (count: number) =>
    fieldText(
      'format',
      `the filter holds ${count} orders, more than the ${XLSX_MAX_DATA_ROWS} rows an Excel sheet takes; export CSV or narrow the filter`,
      `筛选结果共 ${count} 笔，超过 Excel 工作表的 ${XLSX_MAX_DATA_ROWS} 行上限，请导出 CSV 或缩小筛选范围`,
    ),
  badRange: fieldText('to', 'must not be before the start of the range', '结束时间不能早于开始时间'),
} as const satisfies Record<string, unknown>;
