import { formatFen } from '@mchweb/contract';
import { fieldText, text } from '../../i18n/text.ts';

const yuan = (fen: number) => `¥${formatFen(fen)}`;

/** Messages of payee accounts and transfers. */
export const TRANSFER = {
  noContactMobile: text(
    "The organisation has no contact mobile yet: bind one on the organisation's home page first",
    '机构尚未绑定联系手机，请先在机构首页绑定',
  ),
  payeeNotFound: fieldText('accountId', 'is not a payee account of the organisation', '不是本机构的收款账户'),
  merchantNotFound: fieldText('mchNo', 'is not a merchant of the organisation', '不是本机构的商户'),
  transferNotFound: text('Transfer not found', '转账记录不存在'),
  smsNeeded: (aboveFen: number) =>
    fieldText(
      'smsCode',
      `is required for a transfer above ${yuan(aboveFen)}: send a code to the contact mobile`,
      `转账金额超过 ${yuan(aboveFen)} 需要联系手机的验证码`,
    ),
  notEnough: (availableFen: number) =>
    fieldText(
      'amountFen',
      `must be at most the available balance ${yuan(availableFen)}`,
      `不能超过可用余额 ${yuan(availableFen)}`,
    ),
  dailyLimit: (leftFen: number, limitFen: number) =>
    fieldText(
      'amountFen',
      `exceeds the daily limit of ${yuan(limitFen)} for this merchant (${yuan(leftFen)} left today)`,
      `超过该商户每日转账限额 ${yuan(limitFen)}（今日剩余 ${yuan(leftFen)}）`,
    ),
  merchantNotActive: fieldText('mchNo', 'is frozen or closed: no transfers', '商户已冻结或关闭，不能转账'),
  keyReused: fieldText(
    'idempotencyKey',
    'was already used for a different transfer; make a new key for a new transfer',
    '已用于另一笔不同的转账，新的转账请使用新的幂等键',
  ),
  noPermission: text('Your role may not do this', '您的角色无权执行此操作'),
} as const satisfies Record<string, unknown>;
