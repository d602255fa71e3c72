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
  smsProviderThrottled: text(
    'This number has been sent too many codes for now. Try again later (in an hour, or tomorrow).',
    '该号码获取验证码过于频繁，请稍后（1 小时后或明天）再试。',
  ),
  smsMobileRefused: fieldText('mobile', 'cannot receive our SMS; check the number', '无法接收短信，请检查号码'),
  smsNotSent: text(
    'The code could not be sent: the SMS service is not available right now. Try again in a few minutes.',
    '验证码未能发送：短信服务暂不可用，请几分钟后重试。',
  ),
} as const satisfies Record<string, unknown>;
