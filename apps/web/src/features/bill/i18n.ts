import { registerTranslations } from '@/i18n';

/** The bill area's strings (namespace `bill`). */
export const NS = registerTranslations('bill', {
  'zh-CN': {
    bill: { title: '交易账单', description: '按商户和日期查看当日交易对账：收款、退款、手续费汇总，并可导出账单。' },
  },
  'en-US': {
    bill: {
      title: 'Trade bills',
      description: 'One merchant-day reconciliation: payments, refunds and fees summed up, ready to export.',
    },
  },
});
