import { fieldText, text } from '../../i18n/text.ts';

/** Messages of payment codes: batches, binding, disabling. */
export const CODE = {
  notFound: fieldText('codeNo', 'no payment code with this number in this organisation', '本机构没有这个编号的收款码'),
  batchNotFound: fieldText('batchNo', 'no batch with this number in this organisation', '本机构没有这个批次'),
  merchantNotFound: fieldText('mchNo', 'no merchant with this number in this organisation', '本机构没有这个商户'),
  merchantFrozen: fieldText(
    'mchNo',
    'the merchant is frozen; codes are bound to active merchants only',
    '该商户已冻结，收款码只能绑定到正常状态的商户',
  ),
  merchantClosed: fieldText(
    'mchNo',
    'the merchant is closed; codes are bound to active merchants only',
    '该商户已关闭，收款码只能绑定到正常状态的商户',
  ),
  disabled: fieldText(
    'codeNo',
    'the code is disabled for good; take another code',
    '该收款码已停用，不能再使用，请换一个收款码',
  ),
  notBound: fieldText('codeNo', 'the code is not bound to a merchant', '该收款码未绑定商户'),
  sheetFileName: text('payment-codes', '收款码'),
} as const satisfies Record<string, unknown>;
