import { describe, expect, it } from 'vitest';
import { PAYEE_TYPES, payeeAddBody, TRANSFER_NO_RE, TRANSFER_STATUSES } from '@mchweb/contract/transfer/schemas';
import { MCH_NO_RE } from '@mchweb/contract/merchant/schemas';
import {
  ALIPAY_ACCOUNT_PATTERN,
  groupedCard,
  MCH_NO_PATTERN,
  PAYEE_TYPE_LIST,
  TRANSFER_NO_PATTERN,
  TRANSFER_STATUS_LIST,
  WECHAT_OPENID_PATTERN,
} from './transfer-values';

const accepts = (type: 'ALIPAY' | 'WECHAT', accountNo: string) =>
  payeeAddBody.safeParse({ type, name: '王芳', accountNo, smsCode: '123456' }).success;

describe('the transfer values repeated from the contract', () => {
  it('are the contract’s lists and patterns', () => {
    expect(PAYEE_TYPE_LIST).toEqual(PAYEE_TYPES);
    expect(TRANSFER_STATUS_LIST).toEqual(TRANSFER_STATUSES);
    expect(TRANSFER_NO_PATTERN.source).toBe(TRANSFER_NO_RE.source);
    expect(MCH_NO_PATTERN.source).toBe(MCH_NO_RE.source);
    for (const v of ['13800138000', 'pay@example.com', '1380013800', 'a@b', 'x y@z.cn'])
      expect(ALIPAY_ACCOUNT_PATTERN.test(v), v).toBe(accepts('ALIPAY', v));
    for (const v of ['oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'short', 'o'.repeat(41), 'has space in it 12345678'])
      expect(WECHAT_OPENID_PATTERN.test(v), v).toBe(accepts('WECHAT', v));
  });

  it('groups a card number in fours as it is typed', () => {
    expect(groupedCard('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(groupedCard('6222 02-1')).toBe('6222 021');
    expect(groupedCard('62220212345678901234')).toBe('6222 0212 3456 7890 123');
  });
});
