import { registerTranslations } from '@/i18n';

/** The settlement area's strings (namespace `settlement`). */
export const NS = registerTranslations('settlement', {
  'zh-CN': {
    settlement: {
      title: '结算记录',
      description: '每个商户每天一笔 T+1 结算：交易笔数与金额、退款、手续费、分账与净额，可导出。',
    },
  },
  'en-US': {
    settlement: {
      title: 'Settlements',
      description:
        'One T+1 settlement per merchant per day: trades, refunds, fees, profit sharing and the net amount, exportable.',
    },
  },
});
