import http from 'node:http';
import type net from 'node:net';
import type { Page } from '@playwright/test';
import { clickInDialog, expect, signIn, test } from '../support/fixtures.ts';

/**
 * /developer end to end (issue 30): a person creates an API key (its value shown once, copied, then only its
 * prefix), an endpoint pointing at a receiver this test runs, pays through the cashier (the demo code
 * 880000000001, fixed ¥25.00), sees the delivery with its try and resends it; the shop's system then uses the
 * key on /api/v1 until the person revokes it on the page.
 */

/** Create a key named `name` on the Keys tab; answers the value the dialog showed (and the clipboard holds). */
async function createKey(page: Page, name: string) {
  await page.getByTestId('key-create').click();
  // Each scope by its name in the page's language (a scope's colon once cut the lookup to "read").
  await expect(page.getByTestId('key-scopes')).toContainText(/查询订单.*发起收款|Read orders.*Take payments/);
  await page.getByTestId('key-name').fill(name);
  await clickInDialog(page, 'key-create-submit');
  const secret = await page.getByTestId('key-secret').inputValue();
  expect(secret).toMatch(/^mk_test_/);
  await clickInDialog(page, 'key-secret-copy');
  await expect(page.getByTestId('key-secret-copy')).toContainText(/已复制|Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await clickInDialog(page, 'key-secret-done');
  await expect(page.getByTestId('key-secret')).toHaveCount(0);
  // From now on the page shows the key's prefix only, never its value.
  const row = page.locator('[data-testid^="key-row-"]').filter({ hasText: name });
  await expect(row).toBeVisible();
  const prefix = (await row.locator('.developer-prefix').textContent())!.replace(/_…$/, '');
  expect(secret.startsWith(prefix)).toBe(true);
  expect(await page.locator('body').textContent()).not.toContain(secret);
  return { secret, row };
}

test('a key and an endpoint on /developer: the cashier payment delivered and resent, the key used then revoked', async ({
  browser,
  base,
}) => {
  const received: { id: string; type: string; orderNo: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const payload = JSON.parse(body) as { type: string; data: { orderNo: string } };
      received.push({ id: String(req.headers['webhook-id']), type: payload.type, orderNo: payload.data.orderNo });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;
  const origin = new URL(base).origin;
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await signIn(page, base);
    await page.waitForURL(/\/mchweb\/(?!login)/);
    await page.goto(`${base}/developer`);
    const { secret, row } = await createKey(page, 'Till system');

    await page.getByTestId('tab-webhooks').click();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(url);
    await clickInDialog(page, 'webhook-save');
    // The demo's own endpoint (turned off, with its history) is listed too: ours is the card with our URL.
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await expect(endpoint).toBeVisible();

    // The payer pays the demo code's fixed amount with the sandbox channel.
    const payer = await browser.newPage();
    await payer.goto(`${base}/pay/880000000001`);
    await payer.getByTestId('cashier-pay').click();
    const orderNo = (await payer.getByTestId('cashier-order-no').textContent())!;
    await payer.getByTestId('sandbox-success').click();
    await expect(payer.getByTestId('cashier-result-SUCCESS')).toBeVisible();
    await expect.poll(() => received.filter((r) => r.orderNo === orderNo).length).toBe(1);
    expect(received[0]!.type).toBe('order.paid');

    await endpoint.getByTestId('webhook-deliveries-open').click();
    await expect(endpoint.getByTestId('webhook-delivery-status').first()).toContainText('成功');
    await endpoint
      .getByRole('button', { name: /展开行|expand row/i })
      .first()
      .click();
    // The try: our request (its body), the receiver's answer, and how long it took.
    const firstTry = endpoint.getByTestId('webhook-try').first();
    await expect(firstTry).toContainText(orderNo);
    await expect(firstTry).toContainText('thanks');
    await expect(firstTry.locator('.ant-tag')).toHaveText('200');
    await expect(firstTry).toContainText(/\d+ 毫秒/);

    await endpoint.getByTestId('webhook-resend').first().click();
    await expect.poll(() => received.filter((r) => r.orderNo === orderNo).length).toBe(2);
    const mine = received.filter((r) => r.orderNo === orderNo);
    expect(mine[1]!.id).toBe(mine[0]!.id);
    await expect(endpoint.getByTestId('webhook-try')).toHaveCount(2);
    await page.keyboard.press('Escape');

    // The shop's system with the key: a payment made and found in the list.
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${origin}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
      });
    const created = await call('/payments', {
      method: 'POST',
      headers: { 'idempotency-key': `e2e-${Date.now()}` },
      body: JSON.stringify({ mchNo: 'M100000001', amountFen: 1280, channel: 'WECHAT', description: 'Latte x1' }),
    });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as { orderNo: string; status: string; payerUrl: string };
    expect(payment.status).toBe('PENDING');
    const listed = (await (await call('/payments?mchNo=M100000001&status=PENDING&limit=50')).json()) as {
      rows: { orderNo: string }[];
    };
    expect(listed.rows.map((r) => r.orderNo)).toContain(payment.orderNo);

    // Revoked on the page: the next call is refused as the merchant API refuses, with no data.
    await page.getByTestId('tab-keys').click();
    await row.locator('[data-testid^="key-revoke-"]').click();
    await clickInDialog(page, 'key-revoke-confirm');
    await expect(row.locator('[data-testid^="key-status-"]')).toContainText('已吊销');
    const refused = await call('/payments?mchNo=M100000001');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: {
        type: 'authentication_error',
        code: 'api_key_invalid',
        message: expect.any(String),
        param: null,
      },
    });
    await context.close();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('on a phone (390 px): a key created, its value copied once, then a card with its prefix', async ({
  browser,
  base,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
  const page = await context.newPage();
  await signIn(page, base);
  await page.waitForURL(/\/mchweb\/(?!login)/);
  await page.goto(`${base}/developer`);
  const { row } = await createKey(page, 'POS on the counter');
  await expect(row.locator('.developer-card')).toBeVisible();
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
