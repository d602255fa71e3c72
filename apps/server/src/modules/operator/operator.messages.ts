import { fieldText, text } from '../../i18n/text.ts';
import { AUTH } from '../auth/index.ts';

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** Messages of the operator console's sign-in, accounts and four-eyes approvals (both languages). */
export const OPS = {
  /** The merchant sign-in's words: the same limits. */
  wrongPassword: AUTH.wrongPassword,
  signInPaused: text('Too many failed sign-ins: try again in 15 minutes.', '登录失败次数过多，请 15 分钟后再试。'),
  disabled: text('This operator account is disabled. Ask an administrator.', '该运营账号已停用，请联系管理员。'),
  wrongCode: (left: number) =>
    left > 0
      ? fieldText('code', `is wrong or expired; ${tries(left)} left`, `验证码错误或已过期，还可尝试 ${left} 次`)
      : text('Too many wrong codes: sign in with your password again.', '验证码错误次数过多，请重新输入密码登录。'),
  codeUsed: fieldText(
    'code',
    'was already used; wait for the next code (30 seconds)',
    '该验证码已使用过，请等待下一个验证码（30 秒）',
  ),
  alreadyEnrolled: text(
    'An authenticator is already enrolled; ask an administrator to reset it if you lost it.',
    '已绑定身份验证器；如已丢失，请联系管理员重置。',
  ),
  usernameTaken: fieldText('username', 'is already taken', '该用户名已被使用'),
  mobileTaken: fieldText('mobile', 'already belongs to another operator', '该手机号已属于其他运营人员'),
  operatorNotFound: text('No such operator.', '运营人员不存在。'),
  notYourself: text('You cannot do this to your own account.', '不能对自己的账号执行此操作。'),
  lastAdmin: text('At least one active administrator must remain.', '至少需要保留一名启用中的管理员。'),
  oldPasswordWrong: fieldText('oldPassword', 'is wrong', '当前密码不正确'),
  // Four eyes
  merchantNotFound: text('No such merchant.', '商户不存在。'),
  rerunFailed: (why: string) => text(`The settlement failed again: ${why}`, `重新结算仍然失败：${why}`),
  badRange: fieldText('to', 'must not be before from', '结束日期不能早于开始日期'),
  approvalNotFound: text('No such approval.', '审批单不存在。'),
  notPending: (status: string) => text(`This approval is already ${status}.`, `该审批单已处理（${status}）。`),
  ownProposal: text(
    'You proposed this: another operator must approve or refuse it (four eyes).',
    '这是您发起的申请，须由另一名运营人员审批（四眼原则）。',
  ),
  onlyProposerCancels: text('Only the operator who proposed it can withdraw it.', '只有发起人可以撤回该申请。'),
  settlementNotFailed: text('Only a FAILED settlement can be run again.', '只有结算失败的记录可以重新结算。'),
  settlementNotFound: text('No such settlement.', '结算记录不存在。'),
  receiverNotOwed: text(
    'The platform owes this receiver less than that (or it is not an outside receiver).',
    '平台欠该分账接收方的金额不足（或其不是外部接收方）。',
  ),
  applicationNotFound: text('No such application.', '申请不存在。'),
  fileNotInApplication: text('This file is not a document of the application.', '该文件不是该申请的材料。'),
} as const satisfies Record<string, unknown>;
