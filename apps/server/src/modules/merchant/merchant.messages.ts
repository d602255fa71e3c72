import { fieldText, text } from '../../i18n/text.ts';

/** Messages of merchants: their status and what it allows. */
export const MERCHANT = {
  notFound: text('Merchant not found', '商户不存在'),
  alreadyFrozen: fieldText('mchNo', 'the merchant is already frozen', '该商户已处于冻结状态'),
  notFrozen: fieldText('mchNo', 'the merchant is not frozen, so it cannot be unfrozen', '该商户未被冻结，无需解冻'),
  closedIsFinal: fieldText(
    'mchNo',
    'the merchant is closed; a closed merchant cannot be frozen or unfrozen',
    '该商户已关闭，关闭的商户不能冻结或解冻',
  ),
  frozenTakesNoPayments: fieldText(
    'mchNo',
    'the merchant is frozen and cannot take payments until it is unfrozen',
    '该商户已冻结，解冻前不能收款',
  ),
  closedTakesNoPayments: fieldText(
    'mchNo',
    'the merchant is closed and cannot take payments',
    '该商户已关闭，不能收款',
  ),
} as const satisfies Record<string, unknown>;
