import { fieldText, text } from '../../i18n/text.ts';

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** Messages of SMS verification codes. */
export const SMS = {
  smsResendWait: (seconds: number) =>
    text(
      `A code was just sent. You can request another in ${seconds} s.`,
      `验证码刚刚已发送，${seconds} 秒后可再次获取。`,
    ),
  smsExpired: fieldText(
    'smsCode',
    'has expired or was never sent; request a new code',
    '验证码已过期或未发送，请重新获取',
  ),
  smsWrong: (left: number) =>
    left > 0
      ? fieldText('smsCode', `is wrong; ${tries(left)} left`, `验证码错误，还可再试 ${left} 次`)
      : fieldText('smsCode', 'too many wrong tries; request a new code', '错误次数过多，请重新获取验证码'),
} as const satisfies Record<string, unknown>;
