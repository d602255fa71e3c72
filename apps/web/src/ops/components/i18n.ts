import { registerTranslations } from '@/i18n';

/** Strings of the console's shared pieces (namespace `opsShared`). */
export const SHARED_NS = registerTranslations('opsShared', {
  'zh-CN': {
    age: { d: '{{d}} 天 {{h}} 小时', h: '{{h}} 小时 {{m}} 分', m: '{{m}} 分钟', now: '刚刚' },
    list: { more: '加载更多', end: '共 {{n}} 条，已全部显示', loadError: '列表加载失败' },
    reason: {
      label: '原因',
      placeholder: '说明原因（商户将看到）',
      required: '请填写原因',
    },
    done: '已完成',
    queue: {
      status: '状态',
      assignee: { any: '全部', me: '我领取的', nobody: '未领取' },
      minAge: { label: '等待时长', any: '不限', h4: '≥ 4 小时', h24: '≥ 24 小时', h72: '≥ 3 天' },
      take: '领取',
      release: '放回',
      taken: '已领取',
      released: '已放回队列',
    },
  },
  'en-US': {
    age: { d: '{{d}} d {{h}} h', h: '{{h}} h {{m}} min', m: '{{m}} min', now: 'just now' },
    list: { more: 'Load more', end: 'All {{n}} shown', loadError: 'Could not load the list' },
    reason: {
      label: 'Reason',
      placeholder: 'Why (the merchant sees this)',
      required: 'Give a reason',
    },
    done: 'Done',
    queue: {
      status: 'Status',
      assignee: { any: 'Everyone', me: 'Taken by me', nobody: 'Not taken' },
      minAge: { label: 'Waiting', any: 'Any time', h4: '≥ 4 hours', h24: '≥ 24 hours', h72: '≥ 3 days' },
      take: 'Take',
      release: 'Put back',
      taken: 'Taken',
      released: 'Put back in the queue',
    },
  },
});
