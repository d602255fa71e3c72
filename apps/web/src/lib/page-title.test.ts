import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-title';

const production = { env: 'production' as const, appName: 'mchweb', apiOrigin: '' };
const dev = { env: 'dev' as const, appName: 'mchweb-dev', apiOrigin: '' };

describe('documentTitle', () => {
  it('names the page, then the site, in the language given', () => {
    expect(documentTitle('订单查询', '商户平台', production)).toBe('订单查询 · 商户平台');
    expect(documentTitle('Orders', 'Merchant Portal', production)).toBe('Orders · Merchant Portal');
  });

  it('is the site alone when the page has no name', () => {
    expect(documentTitle(null, '商户平台', production)).toBe('商户平台');
    expect(documentTitle('', 'Merchant Portal', production)).toBe('Merchant Portal');
  });

  it('S9.6 outside production the environment follows', () => {
    expect(documentTitle('订单查询', '商户平台', dev)).toBe('订单查询 · 商户平台 · mchweb-dev');
  });
});
