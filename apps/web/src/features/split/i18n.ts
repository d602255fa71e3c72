import { registerTranslations } from '@/i18n';

/** The split area's strings (namespace `split`). */
export const NS = registerTranslations('split', {
  'zh-CN': {
    divAccount: {
      title: '分账申请',
      description: '提交分账申请并管理分账接收方，所有接收方比例合计不超过 30%，审核通过后在结算时生效。',
    },
  },
  'en-US': {
    divAccount: {
      title: 'Profit sharing',
      description:
        'Apply for profit sharing and manage receivers (together at most 30 %); approved splits apply at settlement.',
    },
  },
});
