import { fieldText, text } from '../../i18n/text.ts';

/** Messages of merchants: their status and what it allows. */
export const MERCHANT = {
  notFound: text('Merchant not found', '商户不存在'),
  /** Ids named as the organisation's merchants (a member's, an API key's, a webhook endpoint's) that are not. */
  notOurs: (ids: readonly number[]) =>
    fieldText(
      'merchantIds',
      `must be merchants of this organisation; not: ${ids.join(', ')}`,
      `须为本机构的商户，以下不是：${ids.join('、')}`,
    ),
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
  badWechatSubMchid: fieldText(
    'wechatSubMchid',
    'a WeChat Pay sub-merchant id (sub_mchid) is 10 digits',
    '微信支付特约商户号（sub_mchid）应为 10 位数字',
  ),
  badAlipaySmid: fieldText(
    'alipaySmid',
    'an Alipay sub-merchant id (smid) is 16 digits starting with 2088',
    '支付宝二级商户号（smid）应为 2088 开头的 16 位数字',
  ),
  badAlipayAppAuthToken: fieldText(
    'alipayAppAuthToken',
    'the Alipay app_auth_token must be a non-empty token without spaces (at most 128 characters)',
    '支付宝 app_auth_token 不能为空，不能含空格，最长 128 个字符',
  ),
} as const satisfies Record<string, unknown>;
