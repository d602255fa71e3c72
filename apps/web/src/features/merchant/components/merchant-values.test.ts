import { describe, expect, it } from 'vitest';
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  CHANNELS,
  MERCHANT_STATUSES,
  MERCHANT_TYPES,
} from '@mchweb/contract';
import { i18n } from '@/i18n';
import { filterFromParams, paramsFromFilter } from './merchant-filters';
import { CHANNEL_LIST, MERCHANT_STATUS_LIST, MERCHANT_TYPE_LIST, percentOf } from './merchant-values';
import { NS } from '../i18n';

describe('merchant values', () => {
  it('repeat the contract: statuses, types, channels, and every category name in both languages', () => {
    expect(MERCHANT_STATUS_LIST).toEqual(MERCHANT_STATUSES);
    expect(MERCHANT_TYPE_LIST).toEqual(MERCHANT_TYPES);
    expect(CHANNEL_LIST).toEqual(CHANNELS);
    for (const lng of ['zh-CN', 'en-US'] as const) {
      const t = i18n.getFixedT(lng, NS);
      for (const c of BUSINESS_CATEGORIES) expect(t(`category.${c}`)).toBe(BUSINESS_CATEGORY_LABELS[c][lng]);
      for (const s of MERCHANT_STATUSES) expect(t(`status.${s}`)).not.toBe(`status.${s}`);
      for (const s of MERCHANT_TYPES) expect(t(`type.${s}`)).not.toBe(`type.${s}`);
      for (const c of CHANNELS) expect(t(`channelName.${c}`)).not.toBe(`channelName.${c}`);
    }
  });

  it('a rate in ‰ reads as a percentage too', () => {
    expect(percentOf(3.8)).toBe('0.38');
    expect(percentOf(5.5)).toBe('0.55');
    expect(percentOf(0)).toBe('0.00');
    expect(percentOf(9.9)).toBe('0.99');
  });

  it('the filter lives in the address: known values kept, the rest dropped', () => {
    const filter = filterFromParams(
      new URLSearchParams('status=FROZEN,BOGUS,ACTIVE&type=ENTERPRISE&channel=ALIPAY&name=%20咖啡%20&mchNo=m100000004'),
    );
    expect(filter).toEqual({
      status: ['FROZEN', 'ACTIVE'],
      type: ['ENTERPRISE'],
      channel: 'ALIPAY',
      name: '咖啡',
      mchNo: 'M100000004',
    });
    expect(paramsFromFilter(filter)).toEqual({
      status: 'FROZEN,ACTIVE',
      type: 'ENTERPRISE',
      channel: 'ALIPAY',
      name: '咖啡',
      mchNo: 'M100000004',
    });
    expect(filterFromParams(new URLSearchParams('channel=PAYPAL&status=&name=%20'))).toEqual({});
    expect(paramsFromFilter({})).toEqual({});
  });
});
