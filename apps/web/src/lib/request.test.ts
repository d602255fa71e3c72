import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http as mock, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { Modal, message } from 'antd';
import axios from 'axios';
import { Blob as NodeBlob } from 'node:buffer';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { apiGet, apiPost, download, upload } from './api';
import { call } from './api-client';
import { ApiError, http, REQUEST_TIMEOUT_MS, setLoginNavigator, setPathNavigator } from './request';
import { isNetworkOnline, setNetworkOnline } from './network';
import { fetchCompanyInfo } from './session';
import { changeLanguage } from '@/i18n';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string, status = 200) =>
  HttpResponse.json({ status: code === 503 ? 503 : status, code, msg, message: msg, data: null }, { status });

/** S7.3: switching organisation, as features/company/api/change-company.ts calls it. */
const changeCompany = (companyId: number) =>
  call(companyEndpoints.changeCompany, { body: { companyId } }, { companyCodes: 'self', pageOrigin: true });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(async () => {
  server.resetHandlers();
  resetDialog();
  Modal.destroyAll();
  message.destroy();
  vi.useRealTimers();
  await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(0));
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

const dialogs = () => document.querySelectorAll('.ant-modal-confirm');
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('request layer', () => {
  it('S7.1 S9.2 merchant calls go to /api/merchant/ with a 60 000 ms timeout; GET sends params, POST a body', async () => {
    expect(http.defaults.baseURL).toBe('/api/merchant/');
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(http.defaults.timeout).toBe(60_000);
    expect(http.defaults.validateStatus!(299)).toBe(true);
    expect(http.defaults.validateStatus!(300)).toBe(false);
    let seen: { url?: string; body?: unknown } = {};
    server.use(
      mock.get('*/api/merchant/feeManager/breakBind', ({ request }) => {
        seen.url = request.url;
        return ok(null);
      }),
      mock.post('*/api/merchant/feeManager/addCompany', async ({ request }) => {
        seen = { ...seen, body: await request.json() };
        return ok({ companyId: 7 });
      }),
    );
    await apiGet('/feeManager/breakBind', { companyId: 3 });
    expect(new URL(seen.url!).search).toBe('?companyId=3');
    await expect(apiPost('/feeManager/addCompany', { companyName: 'A' })).resolves.toEqual({ companyId: 7 });
    expect(seen.body).toEqual({ companyName: 'A' });
  });

  it('S6.1 S7.6 the token header when a token exists, JSON accepted, XSRF cookie echoed as X-XSRF-TOKEN', async () => {
    const headers: Headers[] = [];
    server.use(mock.post('*/api/merchant/logout', ({ request }) => (headers.push(request.headers), ok(null))));
    await apiPost('/logout');
    expect(headers[0]!.get('token')).toBeNull();
    localStorage.setItem('token', 'tok-1');
    document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
    await apiPost('/logout');
    expect(headers[1]!.get('token')).toBe('tok-1');
    expect(headers[1]!.get('x-xsrf-token')).toBe('xsrf-abc');
    expect(headers[1]!.get('accept')).toContain('application/json');
    expect(headers[1]!.get('content-type')).toContain('application/json');
  });

  it('every call asks for answers in the language the user chose', async () => {
    const asked: (string | null)[] = [];
    server.use(
      mock.get('*/api/merchant/user/getCurrentUser', ({ request }) => {
        asked.push(request.headers.get('accept-language'));
        return ok(null);
      }),
    );
    await apiGet('/user/getCurrentUser');
    await changeLanguage('en-US');
    try {
      await apiGet('/user/getCurrentUser');
    } finally {
      await changeLanguage('zh-CN');
    }
    expect(asked).toEqual(['zh-CN', 'en-US']);
  });

  it('S3.5 S7.2 the envelope data is the answer; getCurrentUser with data null is normal', async () => {
    server.use(mock.get('*/api/merchant/user/getCurrentUser', () => ok(null)));
    await expect(apiGet('/user/getCurrentUser')).resolves.toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('S7.5 a duplicate request (same method, url, params, data) cancels the pending one', async () => {
    let calls = 0;
    server.use(
      mock.get('*/api/merchant/getIncoQrCode', async () => {
        calls += 1;
        await delay(50);
        return ok(calls);
      }),
    );
    const first = apiGet('/getIncoQrCode', { mchId: 1 });
    const second = apiGet('/getIncoQrCode', { mchId: 1 });
    const other = apiGet('/getIncoQrCode', { mchId: 2 });
    await expect(first).rejects.toSatisfy((e) => axios.isCancel(e));
    await expect(second).resolves.toBeTypeOf('number');
    await expect(other).resolves.toBeTypeOf('number');
    expect(toasts()).toEqual([]);
  });

  it('S7.5 two concurrent uploads of different files do not cancel each other; the same file twice does', async () => {
    let stored = 0;
    server.use(
      mock.post('*/api/merchant/inco/upload', async () => {
        stored += 1;
        const fileId = `F${stored}`;
        await delay(50);
        return ok({ fileId });
      }),
    );
    const licence = new File(['licence'], 'licence.png', { type: 'image/png' });
    const idFront = new File(['id-front'], 'id-front.png', { type: 'image/png' });
    const fields = { kind: 'DOCUMENT' };
    const both = await Promise.allSettled([
      upload('/inco/upload', licence, undefined, fields),
      upload('/inco/upload', idFront, undefined, fields),
    ]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(both.map((r) => (r as PromiseFulfilledResult<{ fileId: string }>).value.fileId)).toEqual(['F1', 'F2']);
    // The same file sent again while its first upload is pending is a duplicate (a double click).
    const first = upload('/inco/upload', licence, undefined, fields);
    const again = upload('/inco/upload', licence, undefined, fields);
    await expect(first).rejects.toSatisfy((e) => axios.isCancel(e));
    await expect(again).resolves.toHaveProperty('fileId');
    expect(toasts()).toEqual([]);
  });

  it('S8.1 envelope code 401 clears the session and shows 温馨提示 / 去登录 leading to /login', async () => {
    const toLogin = vi.fn();
    setLoginNavigator(toLogin);
    localStorage.setItem('token', 't');
    localStorage.setItem('userInfo', '{"userId":1}');
    server.use(mock.get('*/api/merchant/order/list', () => refuse(401, 'Please sign in.', 401)));
    await expect(apiGet('/order/list')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(document.body.textContent).toContain('温馨提示');
    const ok = [...document.querySelectorAll('.ant-modal-confirm button')].find((b) =>
      b.textContent?.includes('去登录'),
    );
    (ok as HTMLButtonElement).click();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('S8.1 HTTP 403 and 407 and envelope 407 also end the session', async () => {
    for (const [status, code] of [
      [403, 403],
      [401, 407],
      [200, 407],
    ]) {
      localStorage.setItem('token', 't');
      server.use(mock.get('*/api/merchant/x', () => refuse(code!, 'gone', status)));
      await expect(apiGet('/x')).rejects.toBeTruthy();
      expect(localStorage.getItem('token')).toBeNull();
      await waitFor(() => expect(dialogs()).toHaveLength(1));
      resetDialog();
      await waitFor(() => expect(dialogs()).toHaveLength(0));
    }
  });

  it('S4.2 several calls failing at once show exactly ONE dialog; dismissing resets the counter', async () => {
    server.use(mock.get('*/api/merchant/:name', () => refuse(401, 'expired', 401)));
    await Promise.allSettled([apiGet('/a'), apiGet('/b'), apiGet('/c'), apiGet('/d')]);
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    await apiGet('/e').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(dialogs()).toHaveLength(1);
    const cancel = [...document.querySelectorAll('.ant-modal-confirm button')].find(
      (b) => !b.textContent?.includes('去登录'),
    );
    (cancel as HTMLButtonElement).click();
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    await apiGet('/f').catch(() => undefined);
    await waitFor(() => expect(dialogs()).toHaveLength(1));
  });

  it('S8.2 envelope status 503 toasts the server message', async () => {
    resetDialog();
    server.use(mock.get('*/api/merchant/x', () => refuse(503, 'Database unavailable, try again shortly', 503)));
    await expect(apiGet('/x')).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(toasts()).toEqual(['Database unavailable, try again shortly']));
  });

  it('S8.3 HTTP 200 with code other than 200 toasts msg and rejects with {code, msg}', async () => {
    server.use(mock.post('*/api/merchant/feeManager/addCompany', () => refuse(409, 'companyName: is taken')));
    const error = await apiPost('/feeManager/addCompany', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 409, msg: 'companyName: is taken' });
    await waitFor(() => expect(toasts()).toEqual(['companyName: is taken']));
  });

  it('S8.7 a business call refused with 8091012 or 8091033 goes to /login-error (login=no for 8091033)', async () => {
    const paths: string[] = [];
    setPathNavigator((p) => paths.push(p));
    localStorage.setItem('companyInfo', JSON.stringify({ companyId: 1 }));
    server.use(
      mock.get('*/api/merchant/staff/list', () => refuse(8091012, 'disabled here')),
      mock.get('*/api/merchant/audit/list', () => refuse(8091033, 'frozen')),
    );
    await expect(apiGet('/staff/list')).rejects.toMatchObject({ code: 8091012 });
    await expect(apiGet('/audit/list')).rejects.toMatchObject({ code: 8091033 });
    expect(paths).toEqual(['/login-error?errmsg=disabled%20here', '/login-error?errmsg=frozen&login=no']);
    expect(localStorage.getItem('companyInfo')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('S8.7 a refused organisation switch stays a toast: the user keeps working where they are', async () => {
    const paths: string[] = [];
    setPathNavigator((p) => paths.push(p));
    server.use(mock.post('*/api/websession/changeCompany', () => refuse(8091033, 'that one is frozen')));
    await expect(changeCompany(2)).rejects.toMatchObject({ code: 8091033 });
    await waitFor(() => expect(toasts()).toEqual(['that one is frozen']));
    expect(paths).toEqual([]);
  });

  it('S8.3 a call declared quiet is rejected silently (/feeManager/bindingMobile: binding-mobile.test.ts)', async () => {
    server.use(mock.post('*/api/merchant/staff/invite', () => refuse(400, 'mobile: is already a member')));
    await expect(apiPost('/staff/invite', {}, { quiet: true })).rejects.toMatchObject({ code: 400 });
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it("S4.4 S8.7 the guard's company fetch handles the company codes itself: no /login-error, no toast", async () => {
    const paths: string[] = [];
    setPathNavigator((p) => paths.push(p));
    localStorage.setItem('companyInfo', JSON.stringify({ companyId: 1 }));
    server.use(mock.post('*/api/merchant/feeManager/getCompany', () => refuse(8091033, 'frozen')));
    await expect(fetchCompanyInfo()).rejects.toMatchObject({ code: 8091033, msg: 'frozen' });
    await new Promise((r) => setTimeout(r, 50));
    expect(paths).toEqual([]);
    expect(localStorage.getItem('companyInfo')).not.toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('S8.4 HTTP 404 is ignored: no toast', async () => {
    server.use(mock.get('*/api/merchant/missing', () => new HttpResponse('nope', { status: 404 })));
    await expect(apiGet('/missing')).rejects.toThrow('Request failed with status code 404');
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('S8.5 S9.4 other HTTP errors toast 服务器错误 at most once per 1000 ms', async () => {
    server.use(mock.get('*/api/merchant/boom', () => new HttpResponse('x', { status: 500 })));
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
    await Promise.allSettled([apiGet('/boom', { a: 1 }), apiGet('/boom', { a: 2 }), apiGet('/boom', { a: 3 })]);
    await waitFor(() => expect(toasts()).toEqual(['服务器错误']));
    spy.mockReturnValue(now + 10_900);
    await apiGet('/boom').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual(['服务器错误']);
    spy.mockReturnValue(now + 11_100);
    await apiGet('/boom').catch(() => undefined);
    await waitFor(() => expect(toasts()).toEqual(['服务器错误', '服务器错误']));
    spy.mockRestore();
  });

  it('S8.9 client errors keep the generic messages', async () => {
    server.use(
      mock.get('*/api/merchant/e500', () => new HttpResponse('x', { status: 502 })),
      mock.get('*/api/merchant/net', () => HttpResponse.error()),
    );
    const failWith = (message: string, code: string) =>
      http.get('/slow', {
        adapter: (config) => Promise.reject(new axios.AxiosError(message, code, config)),
      });
    await expect(apiGet('/e500')).rejects.toThrow('Request failed with status code 502');
    await expect(apiGet('/net')).rejects.toThrow('Network Error');
    // The adapter's own errors pass through the interceptor unchanged.
    await expect(failWith('timeout of 60000ms exceeded', 'ECONNABORTED')).rejects.toThrow(
      'timeout of 60000ms exceeded',
    );
    await expect(failWith('Request aborted', 'ECONNABORTED')).rejects.toThrow('Request aborted');
  });

  it('S4.3 S8.6 S3.2 a failure while offline sets the network flag false; online sets it back', async () => {
    expect(isNetworkOnline()).toBe(true);
    server.use(mock.get('*/api/merchant/net', () => HttpResponse.error()));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiGet('/net')).rejects.toThrow('Network Error');
    expect(isNetworkOnline()).toBe(false);
    expect(toasts()).toEqual([]);
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    expect(isNetworkOnline()).toBe(true);
    setNetworkOnline(true);
  });

  it('S7.3 changeCompany goes to the page origin, not the merchant base', async () => {
    let url = '';
    server.use(mock.post('*/api/websession/changeCompany', ({ request }) => ((url = request.url), ok(null))));
    await changeCompany(5);
    expect(url).toBe(`${window.location.origin}/api/websession/changeCompany`);
  });

  it('S7.4 exports return binary and skip the code checks; uploads too', async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // jsdom's Blob lacks stream(), which msw needs to build a binary response; Node's Blob is the real thing.
    vi.stubGlobal('Blob', NodeBlob);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    server.use(
      mock.post(
        '*/api/merchant/exportOrder',
        () =>
          new HttpResponse('orderNo,amount\n1,100\n', {
            headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="orders.csv"` },
          }),
      ),
      mock.post('*/api/merchant/inco/upload', () => HttpResponse.json({ url: '/files/1' })),
    );
    const progress: number[] = [];
    await expect(download('/exportOrder', { status: 'SUCCESS' }, (p) => progress.push(p))).resolves.toBe('orders.csv');
    expect(saved).toEqual(['orders.csv']);
    expect(progress.at(-1)).toBe(100);
    await expect(upload('/inco/upload', new File(['img'], 'a.png'))).resolves.toBeUndefined();
    expect(toasts()).toEqual([]);
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('S7.4 an export refused with a JSON envelope shows its msg instead of saving a file', async () => {
    vi.stubGlobal('Blob', NodeBlob);
    server.use(mock.post('*/api/merchant/exportSettlement', () => refuse(403, 'You need settlement:export')));
    await expect(download('/exportSettlement', {})).rejects.toMatchObject({ code: 403 });
    await waitFor(() => expect(toasts()).toEqual(['You need settlement:export']));
    vi.unstubAllGlobals();
  });
});

/** Close a session dialog left by a test through its cancel button, which resets the counter. */
function resetDialog() {
  const cancel = [...document.querySelectorAll('.ant-modal-confirm button')].find(
    (b) => !b.textContent?.includes('去登录'),
  );
  (cancel as HTMLButtonElement | undefined)?.click();
}
