import { clickInDialog, expect, signIn, test } from '../support/fixtures.ts';
import { choose } from '../support/select.ts';
import { seriousViolations } from '../support/axe.ts';
import { balanceOnPage, fenOf, payeeOverApi } from './transfer.helpers.ts';

/**
 * A transfer the sandbox payout channel refuses (issue 13): the money leaves available for in transit, then comes
 * back to available when the channel says it failed; the row and the drawer say so and why.
 */
test.use({ serverEnv: { MCHWEB_SANDBOX_PAYOUT: 'fail', MCHWEB_SANDBOX_PAYOUT_DELAY_MS: '4000' } });

test('a failed sandbox transfer returns the money to the available balance', async ({ page, base, server }) => {
  test.setTimeout(90_000);
  const holder = `退回测试${Date.now() % 1e5}`;
  await payeeOverApi(server.url, holder);
  await signIn(page, base);
  await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
  await page.goto(`${base}/transfer-list`);
  await choose(page, 'balance-mch', 'M100000001');
  const before = await balanceOnPage(page);
  // The demo data has a refused transfer of its own: this one adds to the failed total.
  const failedTotal = page.getByTestId('transfer-summary-failedFen');
  await expect(failedTotal).toHaveText(/¥/);
  const failedBefore = fenOf((await failedTotal.textContent()) ?? '');

  await page.getByTestId('transfer-new').click();
  await choose(page, 'transfer-payee', holder);
  await page.getByTestId('transfer-amount').fill('50');
  await clickInDialog(page, 'transfer-submit');
  await expect(page.locator('.ant-message-success').filter({ hasText: '已发起转账 ¥50.00' })).toBeVisible();
  await expect
    .poll(() => balanceOnPage(page))
    .toEqual({ available: before.available - 5000, inTransit: before.inTransit + 5000 });
  const row = page.locator('tr', { has: page.locator('[data-testid^="transfer-row-"]') }).filter({ hasText: holder });
  await expect(row).toContainText('转账中');

  // The channel refuses: the row fails with the reason, the money is back in available, nothing in transit.
  await expect(row).toContainText('失败', { timeout: 20_000 });
  await expect(row).toContainText('沙箱：出款被拒');
  await expect.poll(() => balanceOnPage(page), { timeout: 15_000 }).toEqual(before);
  await expect.poll(async () => fenOf((await failedTotal.textContent()) ?? '')).toBe(failedBefore + 5000);
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('transfer-detail-failed')).toContainText('金额已退回可用余额');
  expect(await seriousViolations(page)).toEqual([]);
});
