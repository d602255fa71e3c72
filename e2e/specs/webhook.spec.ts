import http from 'node:http';
import type net from 'node:net';
import { clickInDialog, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Webhooks on /developer (issue 30): an endpoint pointing at a receiver this test runs, a payment through the
 * cashier (the demo code 880000000001, fixed ¥25.00), the delivery seen in the portal with its try, and resent.
 */
test('an endpoint gets the cashier payment; the portal shows the delivery and resends it', async ({
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
  try {
    const page = await browser.newPage();
    await signIn(page, base);
    await page.waitForURL(/\/mchweb\/(?!login)/);
    await page.goto(`${base}/developer`);
    await page.getByTestId('tab-webhooks').click();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(url);
    await clickInDialog(page, 'webhook-save');
    await expect(page.getByTestId('webhook-endpoint')).toContainText(url);

    // The payer pays the demo code's fixed amount with the sandbox channel.
    const payer = await browser.newPage();
    await payer.goto(`${base}/pay/880000000001`);
    await payer.getByTestId('cashier-pay').click();
    const orderNo = (await payer.getByTestId('cashier-order-no').textContent())!;
    await payer.getByTestId('sandbox-success').click();
    await expect(payer.getByTestId('cashier-result-SUCCESS')).toBeVisible();
    await expect.poll(() => received.filter((r) => r.orderNo === orderNo).length).toBe(1);
    expect(received[0]!.type).toBe('order.paid');

    await page.getByTestId('webhook-deliveries-open').click();
    await expect(page.getByTestId('webhook-delivery-status').first()).toContainText('成功');
    await page
      .getByRole('button', { name: /展开行|expand row/i })
      .first()
      .click();
    await expect(page.getByTestId('webhook-try').first()).toContainText('thanks');
    await expect(page.getByTestId('webhook-try').first()).toContainText(orderNo);

    await page.getByTestId('webhook-resend').first().click();
    await expect.poll(() => received.filter((r) => r.orderNo === orderNo).length).toBe(2);
    const mine = received.filter((r) => r.orderNo === orderNo);
    expect(mine[1]!.id).toBe(mine[0]!.id);
    await expect(page.getByTestId('webhook-try')).toHaveCount(2);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
