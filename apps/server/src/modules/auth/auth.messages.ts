import { PASSWORD_WEAKNESS_TEXT, type PasswordWeakness } from '@mchweb/contract';
import { clockText, fieldText, text } from '../../i18n/text.ts';

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** Messages of signing in, registering and passwords. */
export const AUTH = {
  weakPassword: (field: string, weakness: PasswordWeakness) =>
    fieldText(
      field,
      `is too easy to guess: ${PASSWORD_WEAKNESS_TEXT[weakness]['en-US']}. Use a longer phrase with words, digits and symbols`,
      `太容易被猜到：${PASSWORD_WEAKNESS_TEXT[weakness]['zh-CN']}。请换一个更长、混合文字数字和符号的密码`,
    ),
  wrongPassword: (left: number) =>
    left > 0
      ? text(
          `Wrong account or password. ${tries(left)} left before sign-in is paused.`,
          `账号或密码错误。再错 ${left} 次将暂停登录。`,
        )
      : text('Wrong account or password. Sign-in is paused for 15 minutes.', '账号或密码错误。登录已暂停 15 分钟。'),
  signInPaused: (byAccount: boolean, minutes: number, at: Date) => {
    const clock = clockText(at);
    return text(
      `Too many failed sign-ins ${byAccount ? 'for this account' : 'from your network'}. ` +
        `Try again in ${minutes} min (after ${clock['en-US']}).`,
      `${byAccount ? '该账号' : '您所在网络'}登录失败次数过多，请 ${minutes} 分钟后（${clock['zh-CN']} 之后）再试。`,
    );
  },
  mobileRegistered: fieldText('mobile', 'is already registered; sign in instead', '该手机号已注册，请直接登录'),
  oldPasswordWrong: (left: number) =>
    left > 0
      ? fieldText(
          'oldPassword',
          `is wrong; ${tries(left)} left before sign-in is paused`,
          `当前密码不正确，再错 ${left} 次将暂停登录`,
        )
      : fieldText('oldPassword', 'is wrong; sign-in is paused for 15 minutes', '当前密码不正确，登录已暂停 15 分钟'),
  newPasswordSame: fieldText('newPassword', 'must differ from the current password', '不能与当前密码相同'),
} as const satisfies Record<string, unknown>;
