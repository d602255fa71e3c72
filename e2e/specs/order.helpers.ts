import type { Page } from '@playwright/test';
import { apiSignIn, expect, signIn } from '../support/fixtures.ts';

/** Helpers of the cashier and order specs: payment codes made and bound over the API, payments over the API. */

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A signed-in caller of the back-office API (the owner by default), as another client would be. */
export async function backOffice(serverUrl: string) {
  const { token, headers } = await apiSignIn(serverUrl);
  return async function call<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${serverUrl}/api/merchant${path}`, {
      method: 'POST',
      headers: { ...headers, token },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Envelope<T>;
    if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
}

/**
 * A new payment code of its own (a batch of `count`), bound to a merchant with a label unique to the test, so
 * a test's orders are the orders of its code whatever else the server holds.
 */
export async function boundCodes(
  serverUrl: string,
  options: { count?: number; mchNo?: string; fixedAmountFen?: number; label?: string } = {},
) {
  const call = await backOffice(serverUrl);
  const batch = await call<{ batchNo: string }>('/code/batch/create', { count: options.count ?? 1 });
  const list = await call<{ rows: { codeNo: string }[] }>('/code/list', { batchNo: batch.batchNo, limit: 100 });
  const codeNos = list.rows.map((r) => r.codeNo);
  const label = options.label ?? `e2e-${Date.now() % 1e6}`;
  await call('/code/bind', {
    codeNo: codeNos[0],
    mchNo: options.mchNo ?? 'M100000002',
    label,
    ...(options.fixedAmountFen ? { fixedAmountFen: options.fixedAmountFen } : {}),
  });
  return { codeNo: codeNos[0]!, codeNos, label, call };
}

/** A payment made the way a payer's phone makes it (create, then the sandbox channel's notice), over the API. */
export async function payOverApi(serverUrl: string, codeNo: string, amountFen: number, channel = 'WECHAT') {
  const first = await fetch(`${serverUrl}/api/pay/code/${codeNo}`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const post = async <T>(path: string, body: object) => {
    const res = await fetch(`${serverUrl}/api/pay${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await res.json()) as Envelope<T>;
    if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const order = await post<{ orderNo: string }>('/order', {
    codeNo,
    amountFen,
    channel,
    idempotencyKey: `e2e-${crypto.randomUUID()}`,
  });
  await post('/sandbox/notify', { orderNo: order.orderNo, result: 'SUCCESS' });
  return order.orderNo;
}

/**
 * A paid order on a code of the test's own, then /order opened on that code as the demo owner: the order's number
 * and its times as the list answered them.
 */
export async function openPaidOrder(page: Page, base: string, serverUrl: string) {
  const { codeNo } = await boundCodes(serverUrl);
  const orderNo = await payOverApi(serverUrl, codeNo, 500);
  await signIn(page, base);
  await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
  const listed = page.waitForResponse((res) => res.url().endsWith('/order/list'));
  await page.goto(`${base}/order?codeNo=${codeNo}`);
  const { data } = (await (await listed).json()) as {
    data: { rows: { orderNo: string; createdAt: string; paidAt: string }[] };
  };
  return data.rows.find((r) => r.orderNo === orderNo)!;
}

/** An instant on `timeZone`'s clock, written by Intl ("sv-SE" writes 2026-11-26 00:30:05), not by the page's helper. */
export const wallClock = (at: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at));
