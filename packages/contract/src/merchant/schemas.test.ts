import { describe, expect, it } from 'vitest';
import { anyOf, page, PAGE_LIMIT_MAX } from '../envelope.ts';
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  channelListItem,
  maskAccount,
  MCH_NO_RE,
  merchantDetail,
  merchantDetailQuery,
  merchantFreezeBody,
  merchantListBody,
  merchantPage,
  merchantUnfreezeBody,
} from './schemas.ts';

describe('list paging', () => {
  it('defaults to 20 rows and allows 1 to 100', () => {
    expect(merchantListBody.parse({})).toEqual({ limit: 20 });
    expect(merchantListBody.parse({ limit: PAGE_LIMIT_MAX, cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    for (const limit of [0, 101, 1.5, '20']) expect(merchantListBody.safeParse({ limit }).success).toBe(false);
  });
  it('answers rows, nextCursor and hasMore', () => {
    const answer = { rows: [], nextCursor: null, hasMore: false };
    expect(page(merchantDetailQuery).parse(answer)).toEqual(answer);
    expect(merchantPage.safeParse({ items: [], nextCursor: null, hasMore: false }).success).toBe(false);
  });
  it('filters by any of some values, each at most once; empty means no filter', () => {
    const statuses = anyOf(['ACTIVE', 'FROZEN', 'CLOSED']);
    expect(statuses.parse([])).toEqual([]);
    expect(statuses.parse(['FROZEN', 'ACTIVE'])).toEqual(['FROZEN', 'ACTIVE']);
    expect(statuses.safeParse(['ACTIVE', 'ACTIVE']).error?.issues[0]?.message).toBe('must not repeat a value');
    expect(statuses.safeParse(['OPEN']).success).toBe(false);
  });
});

describe('merchant calls', () => {
  it('lists by status, type, channel, name and merchant number', () => {
    const body = {
      status: ['ACTIVE'],
      type: ['ENTERPRISE', 'SMALL_MICRO'],
      channel: 'WECHAT',
      name: ' 水果 ',
      mchNo: 'M100000001',
    };
    expect(merchantListBody.parse(body)).toEqual({ ...body, name: '水果', limit: 20 });
    expect(merchantListBody.safeParse({ status: 'ACTIVE' }).success).toBe(false);
    expect(merchantListBody.safeParse({ keyword: 'x' }).success).toBe(false);
  });
  it('knows merchant numbers by their form', () => {
    for (const no of ['M100000001', 'M123456789012']) expect(MCH_NO_RE.test(no)).toBe(true);
    for (const no of ['M10000001', 'M1234567890123', 'm100000001', '100000001', 'M10000000A']) {
      expect(MCH_NO_RE.test(no)).toBe(false);
    }
    expect(merchantDetailQuery.safeParse({ mchNo: 'x' }).error?.issues[0]?.message).toBe(
      'must be a merchant number like M100000001',
    );
  });
  it('freezes with a reason, unfreezes with or without one', () => {
    expect(merchantFreezeBody.safeParse({ mchNo: 'M100000001', reason: '风险排查' }).success).toBe(true);
    expect(merchantFreezeBody.safeParse({ mchNo: 'M100000001', reason: ' ' }).error?.issues[0]?.message).toBe(
      'is required',
    );
    expect(merchantFreezeBody.safeParse({ mchNo: 'M100000001' }).success).toBe(false);
    expect(merchantUnfreezeBody.safeParse({ mchNo: 'M100000001' }).success).toBe(true);
  });
  it('answers a detail with channels, rates, a masked account and the status history', () => {
    const detail = {
      mchNo: 'M100000001',
      name: '上海示例贸易有限公司',
      shortName: '示例',
      type: 'ENTERPRISE',
      category: 'RETAIL',
      status: 'FROZEN',
      createdAt: '2026-05-01T09:30:00+08:00',
      applyNo: 'A20260501093000123456',
      creditCode: '91350100M000100Y43',
      legalPersonName: '张三',
      address: '上海市浦东新区世纪大道100号',
      servicePhone: '021-61234567',
      channels: [{ channel: 'WECHAT', rate: 3.8 }],
      settlement: {
        accountType: 'CORPORATE',
        bankName: '招商银行',
        branchName: '陆家嘴支行',
        accountName: '上海示例贸易有限公司',
        accountNumberMasked: maskAccount('121909876510201'),
      },
      statusHistory: [
        { from: null, to: 'ACTIVE', at: '2026-05-01T09:30:00+08:00', by: null, reason: null },
        { from: 'ACTIVE', to: 'FROZEN', at: '2026-05-02T10:00:00+08:00', by: '张三', reason: '风险排查' },
      ],
    };
    expect(merchantDetail.parse(detail)).toEqual(detail);
    expect(merchantDetail.safeParse({ ...detail, createdAt: '2026-05-01 09:30:00' }).success).toBe(false);
  });
  it('answers the channels with their default rates and some of their merchants', () => {
    const item = {
      channel: 'ALIPAY',
      name: null,
      defaultRate: 6,
      merchantCount: 1,
      merchants: [{ mchNo: 'M100000001', name: '示例', rate: 3.8 }],
    };
    expect(channelListItem.parse(item)).toEqual(item);
  });
});

describe('masking and categories', () => {
  it('keeps the last 4 characters of an account number', () => {
    expect(maskAccount('6222021234567890128')).toBe('****0128');
    expect(maskAccount('6222 0212 3456 7890 128')).toBe('****0128');
    expect(maskAccount('12345')).toBe('****2345');
    expect(maskAccount('1234')).toBe('****');
    expect(maskAccount('')).toBe('****');
  });
  it('names every category in both languages', () => {
    expect(BUSINESS_CATEGORIES.length).toBeGreaterThanOrEqual(15);
    for (const c of BUSINESS_CATEGORIES) {
      expect(BUSINESS_CATEGORY_LABELS[c]['zh-CN']).toBeTruthy();
      expect(BUSINESS_CATEGORY_LABELS[c]['en-US']).toBeTruthy();
    }
    expect(Object.keys(BUSINESS_CATEGORY_LABELS)).toHaveLength(BUSINESS_CATEGORIES.length);
  });
});
