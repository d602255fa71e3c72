import type { ApplyStatus, InviteStatus } from '@mchweb/contract';
import { fieldText, text } from '../../i18n/text.ts';

const STATUS_ZH: Record<ApplyStatus, string> = {
  DRAFT: '草稿',
  SUBMITTED: '已提交',
  AUDITING: '审核中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  CANCELED: '已撤销',
};

/** What each state change needs, in both languages (the transitions of the contract's APPLY_TRANSITIONS). */
const NEEDS = {
  edit: ['only a draft or a rejected application can be edited', '只有草稿或被驳回的申请可以修改'],
  submit: ['only a draft or a rejected application can be submitted', '只有草稿或被驳回的申请可以提交'],
  cancel: [
    'only a draft, a submitted or a rejected application can be canceled',
    '只有草稿、已提交或被驳回的申请可以撤销',
  ],
  approve: ['only a submitted application or one under review can be approved', '只有已提交或审核中的申请可以通过'],
  reject: ['only a submitted application or one under review can be rejected', '只有已提交或审核中的申请可以驳回'],
} as const;

const INVITE_ZH: Record<InviteStatus, string> = {
  ACTIVE: '有效',
  USED: '已使用',
  REVOKED: '已撤销',
  EXPIRED: '已过期',
};

/** Messages of onboarding applications and invitations. */
export const ONBOARDING = {
  rateOutOfBounds: (channel: string, min: number, max: number) =>
    fieldText('rates', `${channel} must be from ${min} ‰ to ${max} ‰`, `${channel} 费率须在 ${min}‰ 至 ${max}‰ 之间`),
  rateNotApplied: (channel: string) =>
    fieldText('rates', `${channel} is not a channel of the application`, `${channel} 不是该申请所选的支付通道`),
  notFound: text('Application not found', '进件申请不存在'),
  wrongState: (action: keyof typeof NEEDS, status: ApplyStatus) =>
    fieldText(
      'applyNo',
      `the application is ${status}; ${NEEDS[action][0]}`,
      `该申请当前为「${STATUS_ZH[status]}」，${NEEDS[action][1]}`,
    ),
  unknownFile: (field: string) =>
    fieldText(
      field,
      'is not a file uploaded for this application; upload it again',
      '不是为本申请上传的文件，请重新上传',
    ),

  fileNotFound: text('File not found', '文件不存在'),
  fileMissing: fieldText(
    'file',
    'is required: send one file in the form field file',
    '必填：请在表单字段 file 中上传一个文件',
  ),
  oneFileOnly: fieldText(
    'file',
    'send exactly one file, in the form field file',
    '请只上传一个文件，放在表单字段 file 中',
  ),
  sendMultipart: fieldText(
    'file',
    'send the file as multipart/form-data in the form field file',
    '请以 multipart/form-data 格式在表单字段 file 中上传文件',
  ),
  malformedMultipart: fieldText(
    'body',
    'is not a complete multipart/form-data body (its boundary is missing or it was cut off)',
    '不是完整的 multipart/form-data 请求体（缺少分隔符或内容不完整）',
  ),
  inviteNoField: fieldText(
    'inviteNo',
    'must be the invitation number of the link, sent as a form field',
    '须为邀请链接中的邀请号，作为表单字段提交',
  ),

  invitationNotFound: text('Invitation not found', '邀请不存在'),
  /** What the public page and its calls say of an invitation that cannot be used. */
  invitationUnusable: {
    USED: text(
      'This invitation has been used: its application was submitted, and the organisation follows it up.',
      '该邀请已使用：申请已提交，后续由邀请您的机构跟进。',
    ),
    REVOKED: text(
      'This invitation was revoked by the organisation. Ask them for a new link.',
      '该邀请已被机构撤销，请联系对方获取新的链接。',
    ),
    EXPIRED: text(
      'This invitation has expired. Ask the organisation for a new link.',
      '该邀请已过期，请联系机构获取新的链接。',
    ),
  },
  nothingToSubmit: fieldText(
    'inviteNo',
    'nothing has been saved through this invitation yet; save the application first',
    '该邀请下还没有保存过申请，请先保存',
  ),
  cannotRevoke: (status: InviteStatus) =>
    fieldText(
      'inviteNo',
      `the invitation is ${status}; only an active invitation can be revoked`,
      `该邀请当前为「${INVITE_ZH[status]}」，只有有效的邀请可以撤销`,
    ),
} as const satisfies Record<string, unknown>;
