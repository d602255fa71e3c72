import { describe, expect, it } from 'vitest';
import { CHANNELS, MCH_NO_RE, MOVEMENT_KINDS, SETTLE_NO_RE, SETTLEMENT_STATUSES } from '@mchweb/contract';
import { i18n } from '@/i18n';
import { RECON_NS } from './i18n';
import { CHANNEL_LIST, MCH_NO_PATTERN, MOVEMENT_KIND_LIST, SETTLE_NO_PATTERN, SETTLEMENT_STATUS_LIST } from './values';

describe('reconciliation values', () => {
  it('repeat the contract, and every status, kind and channel has words in both languages', () => {
    expect(SETTLEMENT_STATUS_LIST).toEqual(SETTLEMENT_STATUSES);
    expect(MOVEMENT_KIND_LIST).toEqual(MOVEMENT_KINDS);
    expect(CHANNEL_LIST).toEqual(CHANNELS);
    expect(MCH_NO_PATTERN.source).toBe(MCH_NO_RE.source);
    expect(SETTLE_NO_PATTERN.source).toBe(SETTLE_NO_RE.source);
    for (const lng of ['zh-CN', 'en-US']) {
      const t = i18n.getFixedT(lng, RECON_NS);
      for (const s of SETTLEMENT_STATUSES) expect(t(`status.${s}`)).not.toBe(`status.${s}`);
      for (const k of MOVEMENT_KINDS) expect(t(`kind.${k}`)).not.toBe(`kind.${k}`);
      for (const c of CHANNELS) expect(t(`channel.${c}`)).not.toBe(`channel.${c}`);
    }
  });
});
