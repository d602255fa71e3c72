import { fieldText, text } from './text.ts';

/**
 * The platform's own messages (errors, sessions, access), in both languages. Each module keeps the messages of
 * its business in its own `<area>.messages.ts`, so a new domain never edits this file. Field problems start
 * with the field's name in both languages (see `fieldText`).
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
  codeStepFirst: text('Enter the code of your authenticator app first.', '请先输入身份验证器中的验证码。'),
  sessionExpired: text('Your sign-in has expired. Please sign in again.', '登录已过期，请重新登录。'),
  sessionReplaced: text(
    'Your session was ended: the password changed or the account signed in elsewhere. Please sign in again.',
    '您的登录已失效：密码已修改或账号已在别处登录。请重新登录。',
  ),

  // The current company and membership (the access check)
  chooseCompany: text('Choose an organisation first.', '请先选择机构。'),
  chooseOrCreateCompany: text('Choose or create an organisation first.', '请先选择或创建机构。'),
  notAMember: text('You are not a member of this organisation.', '您不是该机构的成员。'),
  companyBlocked: (status: 'FROZEN' | 'CLOSED', reason: string | null = null) => {
    const blocked =
      status === 'FROZEN'
        ? text("This organisation is frozen. Contact the platform's support.", '该机构已被冻结，请联系平台客服。')
        : text("This organisation is closed. Contact the platform's support.", '该机构已关闭，请联系平台客服。');
    // The operator's reason (issue 28), as the operator wrote it.
    return reason ? text(`${blocked['en-US']} Reason: ${reason}`, `${blocked['zh-CN']}原因：${reason}`) : blocked;
  },
  memberDisabled: text(
    'Your account has been disabled in this organisation. Ask its owner or admin, or sign in with another account.',
    '您在该机构的账号已被停用。请联系机构的所有者或管理员，或换一个账号登录。',
  ),
  roleForbids: text(
    'Your role does not allow this. Ask an owner or admin of the organisation.',
    '您的角色无权进行此操作，请联系机构的所有者或管理员。',
  ),

  // Lists
  badCursor: fieldText('querystring.cursor', 'is not a cursor this list gave out', '不是该列表给出的游标'),
  badListCursor: fieldText('body.cursor', 'is not a cursor this list gave out', '不是该列表给出的游标'),
} as const satisfies Record<string, unknown>;
