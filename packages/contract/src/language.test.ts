import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('is Chinese by default: no header, an empty one, or one naming neither language', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    for (const header of [undefined, null, '', '*', 'de-DE,fr;q=0.5', 'garbage;;;']) {
      expect(pickLanguage(header)).toBe('zh-CN');
    }
  });

  it('takes the supported language with the highest q, the earlier one on a tie', () => {
    expect(pickLanguage('en-US')).toBe('en-US');
    expect(pickLanguage('EN-gb')).toBe('en-US');
    expect(pickLanguage('zh-TW')).toBe('zh-CN');
    expect(pickLanguage('fr, en;q=0.8, zh;q=0.7')).toBe('en-US');
    expect(pickLanguage('en;q=0.4, zh-CN;q=0.9')).toBe('zh-CN');
    expect(pickLanguage('en, zh')).toBe('en-US');
    expect(pickLanguage('en;q=0, zh;q=0.1')).toBe('zh-CN');
    expect(pickLanguage('zh;q=0, en;q=0.1')).toBe('en-US');
  });
});
