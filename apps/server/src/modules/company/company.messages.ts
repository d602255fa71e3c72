import { clockText, fieldText, text } from '../../i18n/text.ts';

/** Messages of companies (organisations): creating, editing, opening the service, leaving. */
export const COMPANY = {
  noSuchCompany: (id: number) => text(`No organisation with id ${id}.`, `不存在 ID 为 ${id} 的机构。`),
  wrongStatus: (id: number, action: 'freeze' | 'unfreeze' | 'close', status: string, from: readonly string[]) =>
    text(
      `Organisation ${id} is ${status}; ${action} applies only to ${from.join(' or ')} organisations.`,
      `机构 ${id} 当前为 ${status}，${action === 'freeze' ? '冻结' : action === 'unfreeze' ? '解冻' : '关闭'}仅适用于 ${from.join(' 或 ')} 状态的机构。`,
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

  ownerChangesMobile: text(
    "Only the organisation's owner may move its contact mobile to another number.",
    '只有机构所有者可以更换联系手机号。',
  ),
  oldSmsCodeRequired: fieldText(
    'oldSmsCode',
    'is required: ask for a code to the current contact mobile and enter it',
    '必填：请获取发送到当前联系手机的验证码并填写',
  ),

  notFound: text('Organisation not found', '机构不存在'),
} as const satisfies Record<string, unknown>;
