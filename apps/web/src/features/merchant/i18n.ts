import { registerTranslations } from '@/i18n';

/** The merchant area's strings (namespace `merchant`). */
export const NS = registerTranslations('merchant', {
  'zh-CN': {
    merchant: { title: '商户列表', description: '查看机构下的全部商户：费率、结算账户、收款码与状态。' },
    channel: { title: '支付通道', description: '机构已开通的支付通道及各通道费率（千分比）。' },
  },
  'en-US': {
    merchant: {
      title: 'Merchant list',
      description: 'Every merchant of your organisation: rates, settlement account, payment codes and status.',
    },
    channel: {
      title: 'Payment channels',
      description: 'The payment channels open to your organisation and their rates (per mille).',
    },
  },
});
