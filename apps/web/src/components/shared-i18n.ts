import { registerTranslations } from '@/i18n';

/**
 * The strings of the shared components that pages load with them (exports, day ranges, checked filter inputs, the
 * merchants something is limited to): namespace `shared`, registered when one of them loads, so they travel in the
 * chunks of the pages that use them, not the shell's.
 */
export const SHARED_NS = registerTranslations('shared', {
  'zh-CN': {
    export: {
      csv: '导出 CSV',
      xlsx: '导出 Excel',
      running: '正在导出 {{format}}…已接收 {{size}}',
      cancel: '取消',
      done: '已导出 {{name}}',
    },
    filter: { invalid: '格式不正确，未生效' },
    range: {
      label: '日期范围',
      from: '开始日期',
      to: '结束日期',
      today: '今天',
      yesterday: '昨天',
      lastDays: '最近 {{n}} 天',
    },
    merchants: {
      label: '商户范围',
      all: '全部商户',
      some: '仅限以下商户',
      pick: '选择商户',
      placeholder: '按名称或商户号搜索',
      required: '请至少选择一个商户',
      tooMany: '最多选择 {{max}} 个商户，更多时请选择“全部商户”',
      noMerchants: '本机构还没有商户',
      status: { FROZEN: '已冻结', CLOSED: '已关闭' },
    },
  },
  'en-US': {
    export: {
      csv: 'Export CSV',
      xlsx: 'Export Excel',
      running: 'Exporting {{format}}… {{size}} received',
      cancel: 'Cancel',
      done: 'Saved {{name}}',
    },
    filter: { invalid: 'Not a valid value: not applied' },
    range: {
      label: 'Date range',
      from: 'Start date',
      to: 'End date',
      today: 'Today',
      yesterday: 'Yesterday',
      lastDays: 'Last {{n}} days',
    },
    merchants: {
      label: 'Merchants',
      all: 'All merchants',
      some: 'Only these merchants',
      pick: 'Choose merchants',
      placeholder: 'Search by name or number',
      required: 'Choose at least one merchant',
      tooMany: 'Choose at most {{max}} merchants; for more, choose All merchants',
      noMerchants: 'The organisation has no merchants yet',
      status: { FROZEN: 'Frozen', CLOSED: 'Closed' },
    },
  },
});
