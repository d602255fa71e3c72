import { expect, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { boundCodes, PHONE } from './order.helpers.ts';

/**
 * The public cashier /pay/:codeNo (issue 11) on a payer's phone: a code of the test's own, bound over the API to a
 * demo merchant; the sandbox channel's page answers success or failure; the result page; codes that cannot pay.
 */

async function merchantOf(serverUrl: string, codeNo: string): Promise<string> {
  const res = await fetch(`${serverUrl}/api/pay/code/${codeNo}`);
  return ((await res.json()) as { data: { mchName: string } }).data.mchName;
}

test.describe('the cashier', () => {
  test('a payer on a 390 px phone types an amount, pays with the sandbox channel and sees success', async ({
    browser,
    base,
    server,
  }) => {
    const { codeNo, label } = await boundCodes(server.url);
    const mchName = await merchantOf(server.url, codeNo);
    const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${base}/pay/${codeNo}`);
    await expect(page.getByTestId('cashier-mch')).toHaveText(mchName);
    await expect(page.getByTestId('cashier-label')).toHaveText(label);
    await expect(page.getByTestId('cashier-pay')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // The keypad: one point, two decimals; a third decimal is ignored; delete takes one back.
    for (const key of ['1', '2', 'dot', '3', '4', '5', 'back', '4']) await page.getByTestId(`cashier-key-${key}`).tap();
    await expect(page.getByTestId('cashier-amount')).toHaveText('¥12.34');
    await page.getByTestId('cashier-channel-ALIPAY').tap();
    await page.getByTestId('cashier-pay').tap();

    await expect(page.getByTestId('cashier-sandbox')).toBeVisible();
    await expect(page.getByTestId('cashier-sandbox-amount')).toHaveText('¥12.34');
    await expect(page.getByRole('heading', { name: '支付宝（沙箱）' })).toBeVisible();
    await expect(page).toHaveURL(/\?order=P\d{20}$/);
    const orderNo = (await page.getByTestId('cashier-order-no').textContent())!;
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('sandbox-success').tap();
    await expect(page.getByTestId('cashier-result-SUCCESS')).toBeVisible();
    await expect(page.getByTestId('cashier-result-amount')).toHaveText('¥12.34');
    await expect(page.getByText(`已向${mchName}付款`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A reload comes back to the same order's result; "another payment" starts afresh.
    await page.reload();
    await expect(page.getByTestId('cashier-result-SUCCESS')).toBeVisible();
    await expect(page.getByTestId('cashier-result-SUCCESS')).toContainText(orderNo);
    await page.getByTestId('cashier-another').tap();
    await expect(page.getByTestId('cashier-amount')).toHaveText('¥0.00');
    await context.close();
  });

  test('a fixed amount in English: a failed payment, then paying again makes a new order that succeeds', async ({
    browser,
    base,
    server,
  }) => {
    const { codeNo } = await boundCodes(server.url, { fixedAmountFen: 880 });
    const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${base}/pay/${codeNo}`);
    await expect(page).toHaveTitle(/^收银台 · 商户平台/);
    await page.getByTestId('language-switch').tap();
    await expect(page.getByText('Pay to')).toBeVisible();
    await expect(page).toHaveTitle(/^Checkout · Merchant Portal/);
    await expect(page.getByTestId('cashier-amount')).toHaveText('¥8.80');
    await expect(page.getByTestId('cashier-key-1')).toHaveCount(0);
    await page.getByTestId('cashier-pay').tap();
    const first = (await page.getByTestId('cashier-order-no').textContent())!;
    await page.getByTestId('sandbox-fail').tap();
    await expect(page.getByTestId('cashier-result-FAILED')).toContainText('Payment failed');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('cashier-again').tap();
    await page.getByTestId('cashier-pay').tap();
    await expect(page.getByTestId('cashier-order-no')).not.toHaveText(first);
    await page.getByTestId('sandbox-success').tap();
    await expect(page.getByTestId('cashier-result-SUCCESS')).toContainText('Payment successful');
    await expect(page.getByTestId('cashier-result-amount')).toHaveText('¥8.80');
    await context.close();
  });

  test('an unknown, an unbound and a disabled code say they cannot take payments (390 and 1440 px)', async ({
    browser,
    base,
    server,
  }) => {
    const { codeNos, call } = await boundCodes(server.url, { count: 3 });
    await call('/code/disable', { codeNo: codeNos[1] });
    for (const viewport of [PHONE, { viewport: { width: 1440, height: 900 } }]) {
      const context = await browser.newContext({ ...viewport, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${base}/pay/100000000000`);
      await expect(page.getByTestId('cashier-code-unknown')).toContainText('收款码无效');
      expect(await seriousViolations(page)).toEqual([]);
      for (const codeNo of [codeNos[1], codeNos[2]]) {
        await page.goto(`${base}/pay/${codeNo}`);
        await expect(page.getByTestId('cashier-code-unusable')).toContainText('收款码暂不可用');
      }
      expect(await seriousViolations(page)).toEqual([]);
      // A bound code on a desk: the phone-width column in the middle, the keypad under the channels.
      await page.goto(`${base}/pay/${codeNos[0]}`);
      await expect(page.getByTestId('cashier-pay')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
