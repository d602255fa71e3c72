import { describe, expect, it } from 'vitest';
import { CODE_NO_RE, CODE_STATUSES, codePayPath } from '@mchweb/contract';
import { i18n } from '@/i18n';
import {
  CODE_NO_PATTERN,
  CODE_STATUS_LIST,
  codeNoFromScan,
  codeNoOf,
  fixedAmountFen,
  spacedCodeNo,
  yuan,
} from './code-values';
import { NS } from '../i18n';

describe('code values', () => {
  it('repeat the contract: statuses (named in both languages) and the number pattern', () => {
    expect(CODE_STATUS_LIST).toEqual(CODE_STATUSES);
    expect(CODE_NO_PATTERN.source).toBe(CODE_NO_RE.source);
    for (const lng of ['zh-CN', 'en-US'] as const) {
      const t = i18n.getFixedT(lng, NS);
      for (const s of CODE_STATUSES) expect(t(`status.${s}`)).not.toBe(`status.${s}`);
    }
  });

  it('read a typed or scanned code number', () => {
    expect(spacedCodeNo('512345678901')).toBe('5123 4567 8901');
    expect(codeNoOf(' 5123 4567-8901 ')).toBe('512345678901');
    expect(codeNoOf('012345678901')).toBeNull();
    expect(codeNoOf('51234567890')).toBeNull();
    expect(codeNoFromScan(`https://pay.example.com${codePayPath('512345678901')}`)).toBe('512345678901');
    expect(codeNoFromScan('http://localhost:3000/mchweb/pay/512345678901?from=sticker')).toBe('512345678901');
    expect(codeNoFromScan('512345678901')).toBe('512345678901');
    expect(codeNoFromScan('https://example.com/mchweb/pay/5123456789012')).toBeNull();
    expect(codeNoFromScan('WIFI:S:cafe;;')).toBeNull();
  });

  it('take a fixed amount in yuan as fen, ¥0.01 to ¥500,000.00', () => {
    expect(fixedAmountFen('25')).toBe(2500);
    expect(fixedAmountFen('12.3')).toBe(1230);
    expect(fixedAmountFen('0.01')).toBe(1);
    expect(fixedAmountFen('500000')).toBe(50_000_000);
    for (const bad of ['0', '0.00', '500000.01', '1.234', '-1', 'abc', '']) expect(fixedAmountFen(bad)).toBeNull();
    expect(yuan(2500)).toBe('¥25.00');
  });
});
