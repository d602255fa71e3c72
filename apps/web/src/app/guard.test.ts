import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { runGuard, type GuardDeps } from './guard';
import { PUBLIC_PATHS, ROUTES } from './paths';

/** Every route behind the guard (the main layout's and the guarded blank pages), from the one table of paths. */
const GUARDED = ROUTES.map((r) => r.path).filter((p) => !PUBLIC_PATHS.includes(p));

const company = (over: Record<string, unknown> = {}) => ({
  companyId: 1,
  companyName: 'Morning Light Coffee',
  hasOtherCompany: false,
  creditCode: '91330106MA2B3C4D5E',
  ...over,
});

function deps(answer: unknown = company()): GuardDeps & { fetchCompanyInfo: ReturnType<typeof vi.fn> } {
  return {
    fetchCompanyInfo: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer as never;
    }),
    loadCurrentUser: vi.fn(async () => null),
    sessionDialogClosed: vi.fn(async () => undefined),
  };
}
const go = (pathname: string, search = '', d = deps()) => runGuard({ pathname, search, hash: '' }, d);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
});

describe('navigation guard', () => {
  it('S2.10 public routes skip the sign-in and company check', async () => {
    localStorage.clear();
    expect(PUBLIC_PATHS.length).toBeGreaterThan(0);
    for (const path of PUBLIC_PATHS) {
      const d = deps();
      await expect(go(path, '', d)).resolves.toBeNull();
      expect(d.fetchCompanyInfo).not.toHaveBeenCalled();
    }
  });

  it('S2.12 S4.4 every other route is guarded: without a session it goes to /login?redirect=<path>', async () => {
    localStorage.clear();
    for (const path of GUARDED) {
      await expect(go(path), path).resolves.toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('S2.12 without a session a private route goes to /login with the full path as redirect', async () => {
    localStorage.clear();
    await expect(go('/order', '?status=SUCCESS')).resolves.toBe('/login?redirect=%2Forder%3Fstatus%3DSUCCESS');
  });

  it('S4.4.1 S4.4.4 S3.3 empty companyInfo is fetched first and every field is copied into storage', async () => {
    const d = deps(company({ opened: true, status: 'ACTIVE' }));
    await expect(go('/order', '', d)).resolves.toBeNull();
    expect(d.fetchCompanyInfo).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('companyInfo')!)).toEqual(company({ opened: true, status: 'ACTIVE' }));
    // present now: the next navigation does not fetch again
    await go('/bill', '', d);
    expect(d.fetchCompanyInfo).toHaveBeenCalledTimes(1);
  });

  it('S4.4.1 an empty object counts as empty companyInfo', async () => {
    localStorage.setItem('companyInfo', '{}');
    const d = deps();
    await go('/order', '', d);
    expect(d.fetchCompanyInfo).toHaveBeenCalledTimes(1);
  });

  it('S2.11 the white query parameter forces the company info to be fetched again', async () => {
    localStorage.setItem('companyInfo', JSON.stringify(company({ companyName: 'Old' })));
    const d = deps(company({ companyName: 'New' }));
    await expect(go('/order', '?white=1', d)).resolves.toBeNull();
    expect(d.fetchCompanyInfo).toHaveBeenCalledTimes(1);
    expect(d.loadCurrentUser).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('companyInfo')!).companyName).toBe('New');
  });

  it('S4.4.2 S8.7 code 8091012 goes to /login-error with the message as errmsg', async () => {
    const d = deps(new ApiError({ code: 8091012, msg: 'Your membership is disabled' }));
    await expect(go('/order', '', d)).resolves.toBe('/login-error?errmsg=Your%20membership%20is%20disabled');
  });

  it('S4.4.3 S8.7 code 8091033 goes to /login-error with errmsg and login=no', async () => {
    const d = deps(new ApiError({ code: 8091033, msg: 'Organisation frozen' }));
    await expect(go('/order', '', d)).resolves.toBe('/login-error?errmsg=Organisation%20frozen&login=no');
  });

  it('S4.4.5 no organisation and no other: every target but /organ-create and /login-error goes to /organ-create', async () => {
    const none = company({ companyId: null, hasOtherCompany: false });
    for (const [path, expected] of [
      ['/order', '/organ-create'],
      ['/welcome', '/organ-create'],
      ['/organ-select', '/organ-create'],
      ['/organ-create', null],
    ] as const) {
      localStorage.removeItem('companyInfo');
      await expect(go(path, '', deps(none))).resolves.toBe(expected);
    }
    localStorage.removeItem('companyInfo');
    await expect(go('/order', '', deps(company({ companyId: '', hasOtherCompany: false })))).resolves.toBe(
      '/organ-create',
    );
  });

  it('S4.4.5 no current organisation but others: /organ-select allowed, /welcome -> /organ-select, others proceed', async () => {
    const none = company({ companyId: null, hasOtherCompany: true });
    for (const [path, expected] of [
      ['/organ-select', null],
      ['/welcome', '/organ-select'],
      ['/order', null],
      ['/organ-create', null],
    ] as const) {
      localStorage.removeItem('companyInfo');
      await expect(go(path, '', deps(none))).resolves.toBe(expected);
    }
  });

  it('S4.4.6 with a current organisation every route proceeds', async () => {
    for (const path of GUARDED) {
      await expect(go(path), path).resolves.toBeNull();
    }
  });

  it('S2.12 an expired session during the guard waits for the dialog, then /login?redirect=<target>', async () => {
    const d = deps(new ApiError({ code: 401, msg: 'expired' }, 401));
    await expect(go('/bill', '?day=2026-01-02', d)).resolves.toBe('/login?redirect=%2Fbill%3Fday%3D2026-01-02');
    expect(d.sessionDialogClosed).toHaveBeenCalledTimes(1);
  });

  it('S4.4 a failure the guard cannot interpret is not swallowed (the error page offers a reload)', async () => {
    await expect(go('/order', '', deps(new Error('Network Error')))).rejects.toThrow('Network Error');
  });
});
