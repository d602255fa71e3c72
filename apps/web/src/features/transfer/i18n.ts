import { registerTranslations } from '@/i18n';

/** The transfer area's strings (namespace `transfer`). */
export const NS = registerTranslations('transfer', {
  'zh-CN': {
    transferAccount: { title: '收款账户', description: '管理转账用的收款账户：银行卡、支付宝和微信。' },
    transferList: { title: '转账记录', description: '从商户余额发起的转账及其状态，转账金额不会超过可用余额。' },
  },
  'en-US': {
    transferAccount: {
      title: 'Payee accounts',
      description: 'The accounts you transfer money to: bank cards, Alipay and WeChat.',
    },
    transferList: {
      title: 'Transfers',
      description: 'Transfers out of a merchant balance and their status; never more than the available balance.',
    },
  },
});
