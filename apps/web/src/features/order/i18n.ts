import { registerTranslations } from '@/i18n';

/** The order area's strings (namespace `order`). */
export const NS = registerTranslations('order', {
  'zh-CN': {
    order: { title: '订单查询', description: '按时间、商户、状态和金额查询订单，查看详情、发起退款并导出记录。' },
  },
  'en-US': {
    order: {
      title: 'Orders',
      description: 'Search orders by time, merchant, status and amount; open the detail, refund, and export the list.',
    },
  },
});
