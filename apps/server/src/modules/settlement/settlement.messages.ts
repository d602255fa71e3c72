import { fieldText, text } from '../../i18n/text.ts';

/** Messages of settlements: why one failed (kept on the record, both languages), and refusals. */
export const SETTLEMENT = {
  merchantFrozen: text(
    'The merchant is frozen or closed; settled when it is active again',
    '商户已冻结或关闭，恢复正常后结算',
  ),
  noAccount: text('The merchant has no valid settlement account', '商户没有有效的结算账户'),
  refundsExceedBalance: text(
    "The day's refunds exceed its trade and the available balance does not cover the difference",
    '当日退款超过交易额，且可用余额不足以抵扣差额',
  ),
  gaveUp: text('Settlement failed on every try', '结算多次重试均失败'),
  dayNotOver: text('That day is not over yet in the business time zone', '该日尚未结束（按业务时区）'),
  notFound: text('Settlement not found', '结算记录不存在'),
  notFailed: text('Only a FAILED settlement can be run again', '只有结算失败的记录可以重新结算'),
  merchantNotFound: text('Merchant not found', '商户不存在'),
  badRange: fieldText('to', 'must not be before the start of the range', '结束日期不能早于开始日期'),
} as const satisfies Record<string, unknown>;
