import { clickInDialog, DEMO, expect, latestSmsCode, signIn, test } from '../support/fixtures.ts';
import { choose } from '../support/select.ts';
import { seriousViolations } from '../support/axe.ts';
import { PHONE } from './order.helpers.ts';
import { balanceOnPage, somePayee } from './transfer.helpers.ts';

/**
 * /transfer-account and /transfer-list (issue 13) as the demo owner: a payee bank card added with the contact
 * mobile's SMS code read from the sandbox outbox, a transfer out of M100000001's available balance (the demo data
 * settles its past days), the balance moving (available down, in transit up, then in transit down when the sandbox
 * payout channel answers a few seconds later). The failed payout is transfer.failed.spec.ts (a server of its own).
 */
test.use({ serverEnv: { MCHWEB_SANDBOX_PAYOUT: 'success', MCHWEB_SANDBOX_PAYOUT_DELAY_MS: '6000' } });

const MCH = 'M100000001';

test.describe('transfers', () => {
  test('add a payee bank card with the SMS code, transfer part of the available balance, see the balance move', async ({
    page,
    base,
    server,
  }) => {
    test.setTimeout(120_000);
    const holder = `收款人${Date.now() % 1e5}`;
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);

    // The payee: a bank card typed in one go shows in fours; a wrong check digit is refused before any call.
    await page.goto(`${base}/transfer-account`);
    await expect(page.getByRole('heading', { name: '收款账户' })).toBeVisible();
    await page.getByTestId('payee-add').click();
    await expect(page.getByTestId('payee-sms-to')).toContainText('138****8000');
    await page.getByTestId('payee-name').fill(holder);
    await page.getByTestId('payee-account').fill('6222021234567890127');
    await expect(page.getByTestId('payee-account')).toHaveValue('6222 0212 3456 7890 127');
    await page.getByTestId('payee-bank').fill('招商银行');
    await clickInDialog(page, 'payee-submit');
    await expect(page.getByText('银行卡号有误，请核对')).toBeVisible();
    await page.getByTestId('payee-account').fill('6222021234567890128');
    await page.getByTestId('payee-sms-send').click();
    await expect(page.getByTestId('payee-sms-send')).toContainText('秒后重发');
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong code: the server's refusal beside the code; then the code the sandbox "sent".
    await page.getByTestId('payee-sms').fill('000000');
    await page.getByTestId('payee-submit').click();
    await expect(page.getByTestId('payee-modal').locator('.ant-form-item-explain-error')).toBeVisible();
    await page.getByTestId('payee-sms').fill(await latestSmsCode(server.url, DEMO.owner));
    await page.getByTestId('payee-submit').click();
    await expect(page.locator('.ant-message-success').filter({ hasText: `已添加收款账户 ${holder}` })).toBeVisible();
    const row = page.locator('tr', { hasText: holder });
    await expect(row).toContainText('****0128');
    await expect(row).toContainText('银行卡');
    // (axe once the toast has gone: mid fade-in its text is lighter than it will be.)
    await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // The balance of the demo merchant: settled days make its available balance.
    await page.goto(`${base}/transfer-list`);
    await expect(page.getByRole('heading', { name: '转账记录' })).toBeVisible();
    await choose(page, 'balance-mch', MCH);
    const before = await balanceOnPage(page);
    expect(before.available).toBeGreaterThan(1234);
    expect(await seriousViolations(page)).toEqual([]);

    // A transfer of ¥12.34: the limits are said; above the threshold the SMS code would be asked for.
    await page.getByTestId('transfer-new').click();
    await expect(page.getByTestId('transfer-limits')).toContainText('每个商户每天最多转出 ¥200,000.00');
    await expect(page.getByTestId('transfer-available')).toHaveText(/可用余额 ¥/);
    await choose(page, 'transfer-payee', holder);
    await page.getByTestId('transfer-amount').fill('5000.01');
    await expect(page.getByTestId('transfer-sms')).toBeVisible();
    await page.getByTestId('transfer-amount').fill('12.34');
    await expect(page.getByTestId('transfer-sms')).toHaveCount(0);
    await page.getByTestId('transfer-remark').fill('e2e 转账');
    expect(await seriousViolations(page)).toEqual([]);
    await clickInDialog(page, 'transfer-submit');
    await expect(page.locator('.ant-message-success').filter({ hasText: '已发起转账 ¥12.34' })).toBeVisible();

    // Available down and in transit up at once; then the channel answers and in transit goes down again.
    const first = page.getByTestId('transfer-table').locator('[data-testid^="transfer-row-"]').first();
    await expect(first.locator('xpath=ancestor::tr')).toContainText('¥12.34');
    await expect
      .poll(() => balanceOnPage(page))
      .toEqual({ available: before.available - 1234, inTransit: before.inTransit + 1234 });
    await expect(first.locator('xpath=ancestor::tr')).toContainText('已到账', { timeout: 20_000 });
    await expect.poll(async () => (await balanceOnPage(page)).inTransit, { timeout: 15_000 }).toBe(before.inTransit);
    expect((await balanceOnPage(page)).available).toBe(before.available - 1234);
    await expect(page.getByTestId('transfer-summary-successFen')).not.toHaveText('¥0.00');

    // The detail.
    await first.locator('button').click();
    await expect(page.getByTestId('transfer-detail-amount')).toHaveText('¥12.34');
    await expect(page.getByTestId('transfer-drawer')).toContainText(holder);
    await expect(page.getByTestId('transfer-drawer')).toContainText('e2e 转账');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('390 px in English: the balance and the transfers as cards, the payee dialog switches its fields', async ({
    browser,
    base,
    server,
  }) => {
    test.setTimeout(90_000);
    const { name: holder, accountNoMasked } = await somePayee(server.url, `Payee ${Date.now() % 1e5}`);
    const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);

    await page.goto(`${base}/transfer-account`);
    await expect(page.getByRole('heading', { name: 'Payee accounts' })).toBeVisible();
    await expect(page.locator('[data-testid^="payee-row-"]', { hasText: holder }).first()).toContainText(
      accountNoMasked,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('payee-add').click();
    await expect(page.getByTestId('payee-bank')).toBeVisible();
    await page.getByTestId('payee-type').getByText('Alipay').click();
    await expect(page.getByTestId('payee-bank')).toHaveCount(0);
    await expect(page.getByTestId('payee-account')).toHaveAttribute('placeholder', 'Mobile number or e-mail');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('payee-cancel').click();

    await page.goto(`${base}/transfer-list`);
    await expect(page.getByRole('heading', { name: 'Transfers' })).toBeVisible();
    await choose(page, 'balance-mch', MCH);
    const before = await balanceOnPage(page);
    await page.getByTestId('transfer-new').click();
    await choose(page, 'transfer-payee', holder);
    await page.getByTestId('transfer-amount').fill('1');
    await clickInDialog(page, 'transfer-submit');
    await expect(page.locator('.ant-message-success').filter({ hasText: 'Transfer of ¥1.00 made' })).toBeVisible();
    await expect.poll(async () => (await balanceOnPage(page)).available).toBe(before.available - 100);
    const card = page.locator('[data-testid^="transfer-row-"]', { hasText: holder }).first();
    await expect(card).toContainText('¥1.00');
    await expect(card).toContainText('Paid out', { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
