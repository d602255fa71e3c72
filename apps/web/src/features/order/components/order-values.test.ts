import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  CODE_NO_RE,
  MCH_NO_RE,
  ORDER_DEFAULT_DAYS as CONTRACT_DEFAULT_DAYS,
  ORDER_EVENT_KINDS,
  ORDER_NO_RE,
  ORDER_STATUSES,
  REFUND_REASON_MAX as CONTRACT_REASON_MAX,
  REFUND_STATUSES,
} from '@mchweb/contract';
import { i18n } from '@/i18n';
import { translate } from '../cashier/language';
import { NS } from '../i18n';
import {
  CHANNEL_LIST,
  CODE_NO_PATTERN,
  MCH_NO_PATTERN,
  ORDER_DEFAULT_DAYS,
  ORDER_NO_PATTERN,
  ORDER_STATUS_LIST,
  REFUND_REASON_MAX,
  REFUND_STATUS_LIST,
  yuan,
} from './order-values';

describe('order values', () => {
  it('repeat the contract, and every status, channel and event has words in both languages', () => {
    expect(ORDER_STATUS_LIST).toEqual(ORDER_STATUSES);
    expect(REFUND_STATUS_LIST).toEqual(REFUND_STATUSES);
    expect(CHANNEL_LIST).toEqual(CHANNELS);
    expect(String(ORDER_NO_PATTERN)).toBe(String(ORDER_NO_RE));
    expect(String(CODE_NO_PATTERN)).toBe(String(CODE_NO_RE));
    expect(String(MCH_NO_PATTERN)).toBe(String(MCH_NO_RE));
    expect(REFUND_REASON_MAX).toBe(CONTRACT_REASON_MAX);
    expect(ORDER_DEFAULT_DAYS).toBe(CONTRACT_DEFAULT_DAYS);
    for (const lng of ['zh-CN', 'en-US'] as const) {
      const t = i18n.getFixedT(lng, NS);
      for (const s of ORDER_STATUSES) expect(t(`status.${s}`)).not.toBe(`status.${s}`);
      for (const s of REFUND_STATUSES) expect(t(`refundStatus.${s}`)).not.toBe(`refundStatus.${s}`);
      for (const k of ORDER_EVENT_KINDS) expect(t(`event.${k}`)).not.toBe(`event.${k}`);
      for (const ch of CHANNELS) {
        expect(t(`channel.${ch}`)).not.toBe(`channel.${ch}`);
        expect(translate(lng, `channelName.${ch}`)).not.toBe(`channelName.${ch}`);
      }
    }
  });

  it('money reads as ¥1,234.56', () => {
    expect(yuan(123_456)).toBe('¥1,234.56');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(-1000)).toBe('-¥10.00');
    expect(yuan(50_000_000)).toBe('¥500,000.00');
  });
});
