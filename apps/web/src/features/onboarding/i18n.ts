import { registerTranslations } from '@/i18n';

/** The onboarding area's strings (namespace `onboarding`). */
export const NS = registerTranslations('onboarding', {
  'zh-CN': {
    merchantEntry: { title: '商户进件', description: '自行填写商户资料，或生成邀请二维码让商户在手机上自助填写。' },
    newIncomming: {
      title: '填写进件',
      description: '进件向导：主体信息、法人、结算账户、费率和证件材料，可保存草稿或修改被驳回的申请。',
    },
    incomming: { title: '进件记录', description: '全部进件申请，可按状态筛选：草稿、已提交、审核中、已通过、已驳回。' },
    incoManage: { title: '进件邀请', description: '进件邀请二维码和链接：谁使用过、何时过期，可随时撤销。' },
    auditProgress: { title: '审核进度', description: '单个进件申请的审核时间线，每一步都有记录。' },
  },
  'en-US': {
    merchantEntry: {
      title: 'Onboard a merchant',
      description:
        "Fill in the merchant's details yourself, or invite the merchant with a QR code to fill them in on a phone.",
    },
    newIncomming: {
      title: 'Application form',
      description:
        'The onboarding wizard: business, legal person, settlement account, rates and documents; save a draft or fix a rejected application.',
    },
    incomming: {
      title: 'Applications',
      description:
        'Every onboarding application, filtered by status: draft, submitted, under review, approved, rejected.',
    },
    incoManage: {
      title: 'Invitations',
      description: 'Onboarding invitation codes and links: who used them, when they expire; revoke them at any time.',
    },
    auditProgress: {
      title: 'Review progress',
      description: 'The review timeline of one application, every step recorded.',
    },
  },
});
