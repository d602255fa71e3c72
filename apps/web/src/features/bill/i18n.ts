import { registerTranslations } from '@/i18n';

/** The bill area's strings (namespace `bill`); figures, statuses and channels are `reconciliation`'s. */
export const NS = registerTranslations('bill', {
  'zh-CN': {
    bill: {
      title: '交易账单',
      description: '按商户和日期查看当日交易对账：收款、退款、手续费汇总，并可导出账单。',
      intro:
        '一个商户（或全部商户）一天的对账单：按通道汇总收款、退款与手续费，列出当天每一笔收款和退款，并与当天的结算核对。',
      exportHint: '导出当天账单：CSV 为微信支付账单格式（明细在前、汇总在后），Excel 含明细与汇总两个工作表',
      loadError: '账单加载失败',
      noTrade: '{{date}} 没有交易',
      noTradeHint: '这一天没有收款，也没有退款。换一天或换一个商户看看。',
      today: '今天的交易仍在进行，数字会随新订单变化；明天凌晨结算。',
    },
    pick: {
      region: '选择账单',
      merchant: '商户',
      all: '全部商户（机构汇总）',
      date: '账单日期',
      prev: '前一天',
      next: '后一天',
    },
    summary: { label: '当日汇总', loadError: '汇总加载失败' },
    channels: {
      title: '按通道汇总',
      channel: '通道',
      total: '合计',
      trade: '收款',
      refund: '退款',
      fee: '手续费',
      split: '分账',
      net: '净额',
    },
    settlements: {
      title: '当日结算',
      none: '这一天还没有结算：交易日的次日凌晨自动结算。',
      merchant: '商户',
      open: '查看结算',
      match: '结算合计 {{sum}}，与当日净额一致。',
      gap: '结算合计 {{sum}}，与当日净额相差 {{gap}}：有商户的当日结算尚未完成。',
    },
    rows: {
      title: '交易明细',
      hint: '当天的每一笔收款、退款和退款失败退回，按时间先后。',
      empty: '当天没有收款或退款',
    },
  },
  'en-US': {
    bill: {
      title: 'Trade bills',
      description: 'One merchant-day reconciliation: payments, refunds and fees summed up, ready to export.',
      intro:
        "One merchant's day (or all merchants'): payments, refunds and fees by channel, every payment and refund of the day, checked against the day's settlement.",
      exportHint:
        "Exports the day's bill: CSV in the WeChat Pay bill layout (rows, then the summary), Excel with a rows sheet and a summary sheet",
      loadError: 'Could not load the bill',
      noTrade: 'No trade on {{date}}',
      noTradeHint: 'Nothing was paid or refunded that day. Try another day or another merchant.',
      today: 'Today is still trading: the figures grow with new orders; it is settled early tomorrow.',
    },
    pick: {
      region: 'Choose a bill',
      merchant: 'Merchant',
      all: 'All merchants (organisation)',
      date: 'Bill date',
      prev: 'Previous day',
      next: 'Next day',
    },
    summary: { label: 'Totals of the day', loadError: 'Could not load the totals' },
    channels: {
      title: 'By channel',
      channel: 'Channel',
      total: 'Total',
      trade: 'Payments',
      refund: 'Refunds',
      fee: 'Fees',
      split: 'Sharing',
      net: 'Net',
    },
    settlements: {
      title: "The day's settlements",
      none: 'Not settled yet: a trading day is settled early the next morning.',
      merchant: 'Merchant',
      open: 'Open the settlement',
      match: "Settlements total {{sum}}, equal to the day's net.",
      gap: "Settlements total {{sum}}, {{gap}} short of the day's net: a merchant's settlement of the day is not done yet.",
    },
    rows: {
      title: 'Rows',
      hint: "Every payment, refund and failed refund's return of the day, oldest first.",
      empty: 'No payments or refunds that day',
    },
  },
});
