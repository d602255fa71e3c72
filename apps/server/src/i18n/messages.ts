import { clockText, fieldText, text, type Text } from './text.ts';

/** Chinese names of the built-in roles (stored in English; the web app translates them by code as well). */
const BUILT_IN_ZH: Record<string, string> = { OWNER: '所有者', ADMIN: '管理员', FINANCE: '财务', CASHIER: '收银员' };

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/**
 * Every message the API answers, in both languages, kept in one place so a translator sees them together.
 * Field problems start with the field's name in both languages (see `fieldText`).
 */
export const M = {
  serverError: text('Internal server error', '服务器错误'),
  databaseDown: text('The database is unavailable. Please try again in a moment.', '数据库暂时不可用，请稍后再试。'),
  noSuchPath: (method: string, path: string) =>
    text(`No such path: ${method} ${path}`, `接口不存在：${method} ${path}`),
  tooManyRequests: (seconds: number) =>
    text(`Too many requests. Try again in ${seconds} s.`, `请求过于频繁，请 ${seconds} 秒后再试。`),
  xsrf: text(
    'The security token (XSRF) is missing or stale. Reload the page and try again.',
    '安全令牌（XSRF）缺失或已过期，请刷新页面后重试。',
  ),

  // Signing in and the session
  signInFirst: text('Please sign in.', '请先登录。'),
  sessionExpired: text('Your sign-in has expired. Please sign in again.', '登录已过期，请重新登录。'),
  sessionReplaced: text(
    'Your session was ended: the password changed or the account signed in elsewhere. Please sign in again.',
    '您的登录已失效：密码已修改或账号已在别处登录。请重新登录。',
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
  oldPasswordWrong: fieldText('oldPassword', 'is wrong', '当前密码不正确'),
  newPasswordSame: fieldText('newPassword', 'must differ from the current password', '不能与当前密码相同'),

  // SMS codes
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

  // Organisations and membership
  chooseOrganisation: text('Choose an organisation first.', '请先选择机构。'),
  chooseOrCreateOrganisation: text('Choose or create an organisation first.', '请先选择或创建机构。'),
  notAMember: text('You are not a member of this organisation.', '您不是该机构的成员。'),
  organisationBlocked: (status: 'FROZEN' | 'CLOSED') =>
    status === 'FROZEN'
      ? text("This organisation is frozen. Contact the platform's support.", '该机构已被冻结，请联系平台客服。')
      : text("This organisation is closed. Contact the platform's support.", '该机构已关闭，请联系平台客服。'),
  memberDisabled: text(
    'Your account has been disabled in this organisation. Ask its owner or admin, or sign in with another account.',
    '您在该机构的账号已被停用。请联系机构的所有者或管理员，或换一个账号登录。',
  ),
  roleForbids: text(
    'Your role does not allow this. Ask an owner or admin of the organisation.',
    '您的角色无权进行此操作，请联系机构的所有者或管理员。',
  ),
  creditCodeTaken: fieldText(
    'creditCode',
    'an organisation with this unified social credit code already exists',
    '已有机构使用该统一社会信用代码',
  ),
  serviceAlreadyOpen: (since: Date) => {
    const at = clockText(since, true);
    return text(
      `The service is already open for this organisation (since ${at['en-US']}).`,
      `该机构已开通服务（开通于${at['zh-CN']}）。`,
    );
  },
  lastOwnerCannotLeave: fieldText(
    'companyId',
    'you are the last active owner of this organisation; make another member owner before leaving',
    '您是该机构唯一在职的所有者，请先将其他成员设为所有者再退出',
  ),

  // Staff and roles
  ownerOnly: {
    changeOwnerRole: text("Only an owner can change an owner's role.", '只有所有者可以修改所有者的角色。'),
    toggleOwner: text('Only an owner can disable or enable an owner.', '只有所有者可以停用或启用所有者。'),
    removeOwner: text('Only an owner can remove an owner.', '只有所有者可以移除所有者。'),
    grantOwner: fieldText('roleId', 'only an owner can grant the Owner role.', '只有所有者可以授予所有者角色。'),
  },
  lastOwner: {
    reassign: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be given another role; make another owner first',
      '是该机构唯一在职的所有者，不能改为其他角色，请先设置另一位所有者',
    ),
    disable: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be disabled; make another owner first',
      '是该机构唯一在职的所有者，不能停用，请先设置另一位所有者',
    ),
    remove: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be removed; make another owner first',
      '是该机构唯一在职的所有者，不能移除，请先设置另一位所有者',
    ),
  },
  alreadyMember: fieldText(
    'mobile',
    'is already a member of this organisation, or invited',
    '已是该机构成员或已被邀请',
  ),
  cannotToggleSelf: fieldText('memberId', 'you cannot disable or enable yourself', '不能停用或启用自己'),
  notJoinedYet: fieldText('memberId', 'has not joined yet; remove the invitation instead', '尚未加入，请改为撤销邀请'),
  cannotRemoveSelf: fieldText(
    'memberId',
    'that is you; leave the organisation from the organisation list instead',
    '这是您自己，请在机构列表中退出该机构',
  ),
  cannotGrantLacking: (missing: string[]) =>
    fieldText(
      'permissions',
      `you cannot grant what your own role lacks (${missing.join(', ')}).`,
      `不能授予您自己角色没有的权限（${missing.join('、')}）。`,
    ),
  builtInRoleFixed: (role: { code: string | null; name: string }, change: 'changed' | 'deleted') =>
    fieldText(
      'roleId',
      `the built-in role ${role.name} cannot be ${change}`,
      `内置角色「${BUILT_IN_ZH[role.code ?? ''] ?? role.name}」不能${change === 'changed' ? '修改' : '删除'}`,
    ),
  roleNameTaken: fieldText('name', 'a role with this name already exists in the organisation', '该机构已有同名角色'),
  roleInUse: (count: number) =>
    fieldText(
      'roleId',
      `${count} member${count === 1 ? ' holds' : 's hold'} this role; give them another role first`,
      `有 ${count} 名成员使用该角色，请先为他们更换角色`,
    ),

  // Lists
  badCursor: fieldText('querystring.cursor', 'is not a cursor this list gave out', '不是该列表给出的游标'),

  // Things that may not be found
  notFound: {
    organisation: text('Organisation not found', '机构不存在'),
    member: text('Member not found', '成员不存在'),
    role: text('Role not found', '角色不存在'),
  },
} as const satisfies Record<string, unknown>;

export type { Text };
