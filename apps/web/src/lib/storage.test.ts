import { beforeEach, describe, expect, it } from 'vitest';
import { getJson, getString, SESSION_KEYS, setItem, STORAGE_KEYS } from './storage';
import { clearSession } from './session-expiry';
import { storeCompanyInfo, storeSignIn } from './session';

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('S3.1 every key is JSON (the token as is); setting any key to null removes it', () => {
    for (const key of STORAGE_KEYS) {
      setItem(key, key === 'token' ? 'abc' : { k: key });
      expect(localStorage.getItem(key)).toBe(key === 'token' ? 'abc' : JSON.stringify({ k: key }));
      expect(key === 'token' ? getString(key) : getJson(key)).toEqual(key === 'token' ? 'abc' : { k: key });
      setItem(key, null);
      expect(localStorage.getItem(key)).toBeNull();
      expect(Object.keys(localStorage)).not.toContain(key);
    }
  });

  it('S3.1 S4.2 the session lives under the declared keys only, and ending it clears every session key', () => {
    storeSignIn({ token: 't', mchInfo: [] });
    storeCompanyInfo({ companyId: 1 });
    setItem('breadRouteList', []);
    expect(Object.keys(localStorage).every((k) => (STORAGE_KEYS as readonly string[]).includes(k))).toBe(true);
    for (const key of STORAGE_KEYS) setItem(key, key === 'token' ? 't' : {});
    clearSession();
    expect(Object.keys(localStorage)).toEqual(
      STORAGE_KEYS.filter((k) => !(SESSION_KEYS as readonly string[]).includes(k)),
    );
  });

  it('S9.1 companyInfo is stored as JSON under the key companyInfo; a corrupt entry reads as absent', () => {
    setItem('companyInfo', { companyId: 3, hasOtherCompany: true });
    expect(localStorage.getItem('companyInfo')).toBe('{"companyId":3,"hasOtherCompany":true}');
    expect(getJson('companyInfo')).toEqual({ companyId: 3, hasOtherCompany: true });
    localStorage.setItem('companyInfo', '{oops');
    expect(getJson('companyInfo')).toBeNull();
  });

  it('S4.1 S3.4 a successful login stores the token and mchList and drops the previous user', () => {
    setItem('companyInfo', { companyId: 9 });
    setItem('userInfo', { userId: 9 });
    storeSignIn({
      token: 'new-token',
      mchInfo: [{ mchId: 1, mchNo: 'M1', name: 'Shop', shortName: 'S', type: 'ENTERPRISE', status: 'ACTIVE' }],
    });
    expect(getString('token')).toBe('new-token');
    expect(getJson('mchList')).toEqual([
      { mchId: 1, mchNo: 'M1', name: 'Shop', shortName: 'S', type: 'ENTERPRISE', status: 'ACTIVE' },
    ]);
    expect(getJson('companyInfo')).toBeNull();
    expect(getJson('userInfo')).toBeNull();
  });
});
