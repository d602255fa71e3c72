import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { clickInDialog, DEMO, expect, signIn, test } from '../support/fixtures.ts';
import { choose } from '../support/select.ts';

/**
 * /merchant and /channel (issue 10) against the demo organisation (杭州晨光咖啡): merchants in every status
 * (M100000004 frozen, M100000005 closed, the rest active), one approved from an application (M100001001).
 * Only the freeze test changes data, and it unfreezes again.
 */

async function openAs(page: Page, base: string, path: string, account = DEMO.owner) {
  await signIn(page, base, account);
  await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select|order)/);
  await page.goto(`${base}${path}`);
}
const rows = (page: Page) => page.getByTestId('merchant-table').locator('[data-testid^="merchant-row-"]');
const rowIds = async (page: Page) =>
  (await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('merchant-row-', ''))))
    .slice()
    .sort();
const drawer = (page: Page) => page.locator('.mch-detail');
const historyEntries = (page: Page) => page.getByTestId('merchant-history-entry');
const tableRow = (page: Page, mchNo: string) => page.locator('tr', { has: page.getByTestId(`merchant-row-${mchNo}`) });

async function search(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(text);
  await input.press('Enter');
}

test.describe('merchants', () => {
  test('the owner sees merchants in every status, filters them, and opens one with its masked account', async ({
    page,
    base,
  }) => {
    await openAs(page, base, '/merchant');
    await expect(page.getByRole('heading', { name: '商户列表' })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    const statuses = await page.locator('.mch-status-tag').evaluateAll((els) => els.map((e) => e.textContent));
    expect(new Set(statuses)).toEqual(new Set(['正常', '已冻结', '已关闭']));
    await expect(page.getByTestId('merchant-new')).toBeVisible();

    // Status: frozen only; the filter is kept in the address.
    await choose(page, 'merchant-filter-status', '已冻结', { multiple: true });
    await expect(rows(page)).toHaveCount(1);
    expect(await rowIds(page)).toEqual(['M100000004']);
    await expect(page).toHaveURL(/status=FROZEN/);
    await page.getByTestId('merchant-filter-reset').click();
    await expect(rows(page)).toHaveCount(5);

    // Type, then name (contains, name or short name), then merchant number (exact).
    await choose(page, 'merchant-filter-type', '企业', { multiple: true });
    await expect(rows(page)).toHaveCount(2);
    expect(await rowIds(page)).toEqual(['M100000001', 'M100000002']);
    await search(page, 'merchant-filter-name', '滨江');
    await expect(rows(page)).toHaveCount(1);
    expect(await rowIds(page)).toEqual(['M100000002']);
    await page.getByTestId('merchant-filter-reset').click();
    // The reset's list first: else the search could read the name filter's one row, still on the page.
    await expect(rows(page)).toHaveCount(5);
    await search(page, 'merchant-filter-mchno', 'm100000005');
    await expect.poll(() => rowIds(page)).toEqual(['M100000005']);
    await search(page, 'merchant-filter-mchno', 'M199999999');
    await expect(page.getByText('没有符合筛选条件的商户')).toBeVisible();
    await page.getByTestId('merchant-empty-reset').click();
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByText('已显示全部 5 个商户')).toBeVisible();

    // The drawer: rates in ‰, the account masked, the history, the application it came from.
    await page.getByTestId('merchant-open-M100001001').click();
    await expect(drawer(page)).toBeVisible();
    await expect(page.getByTestId('merchant-account')).toHaveText(/^\*{4}\d{4}$/);
    await expect(page.getByTestId('merchant-rates')).toContainText('微信支付');
    await expect(page.getByTestId('merchant-rates')).toContainText(/\d\.\d‰/);
    await expect(historyEntries(page)).toHaveCount(1);
    await expect(historyEntries(page).first()).toContainText('商户创建');
    await page.getByTestId('merchant-application').click();
    await expect(page).toHaveURL(/\/audit-progress\?applyNo=A\d+/);
  });

  test('the owner freezes and unfreezes a merchant with a reason; the history, list and session follow', async ({
    page,
    base,
  }) => {
    await openAs(page, base, '/merchant');
    await page.getByTestId('merchant-open-M100000001').click();
    await expect(historyEntries(page)).toHaveCount(1);

    await page.getByTestId('merchant-freeze').click();
    await clickInDialog(page, 'status-submit');
    await expect(page.getByText('请填写冻结原因')).toBeVisible();
    await page.getByTestId('status-reason').fill('收到异常交易投诉，暂停收款待核实');
    await page.getByTestId('status-submit').click();
    await expect(page.locator('.ant-message-success').filter({ hasText: '已冻结商户' })).toBeVisible();
    await expect(historyEntries(page)).toHaveCount(2);
    await expect(historyEntries(page).last()).toContainText('正常 → 已冻结');
    await expect(historyEntries(page).last()).toContainText('收到异常交易投诉，暂停收款待核实');
    await expect(historyEntries(page).last()).toContainText('王芳');
    await expect(drawer(page).locator('.mch-status-tag')).toHaveText('已冻结');
    await expect(tableRow(page, 'M100000001')).toContainText('已冻结');
    const sessionStatus = () =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('mchList') ?? '[]') as { mchNo: string; status: string }[]).find(
            (m) => m.mchNo === 'M100000001',
          )?.status,
      );
    await expect.poll(sessionStatus).toBe('FROZEN');

    await page.getByTestId('merchant-unfreeze').click();
    await page.getByTestId('status-reason').fill('核实无误，恢复收款');
    await clickInDialog(page, 'status-submit');
    await expect(page.locator('.ant-message-success').filter({ hasText: '已解冻商户' })).toBeVisible();
    await expect(historyEntries(page)).toHaveCount(3);
    await expect(historyEntries(page).last()).toContainText('已冻结 → 正常');
    await expect(historyEntries(page).last()).toContainText('核实无误，恢复收款');
    await expect(page.getByTestId('merchant-freeze')).toBeVisible();
    await expect.poll(sessionStatus).toBe('ACTIVE');
  });

  test('a frozen merchant can be unfrozen, a closed one neither frozen nor unfrozen', async ({ page, base }) => {
    await openAs(page, base, '/merchant');
    await page.getByTestId('merchant-open-M100000004').click();
    await expect(page.getByTestId('merchant-unfreeze')).toBeVisible();
    await expect(historyEntries(page).last()).toContainText('收到异常交易投诉');
    await page.getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('merchant-open-M100000005').click();
    await expect(page.getByText('该商户已关闭，关闭是最终状态')).toBeVisible();
    await expect(page.getByTestId('merchant-freeze')).toHaveCount(0);
    await expect(page.getByTestId('merchant-unfreeze')).toHaveCount(0);
  });

  test('a Cashier sees the merchants and their details but no freeze button and no "new merchant"', async ({
    page,
    base,
  }) => {
    await openAs(page, base, '/merchant', DEMO.cashier);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByTestId('merchant-new')).toHaveCount(0);
    await page.getByTestId('merchant-open-M100000002').click();
    await expect(page.getByTestId('merchant-account')).toHaveText(/^\*{4}\d{4}$/);
    await expect(historyEntries(page)).toHaveCount(1);
    await expect(page.getByTestId('merchant-freeze')).toHaveCount(0);
    await expect(page.getByTestId('merchant-unfreeze')).toHaveCount(0);
  });

  test('/channel lists WeChat Pay, Alipay and UnionPay with default rates; a channel opens its merchants', async ({
    page,
    base,
  }) => {
    await openAs(page, base, '/channel');
    await expect(page.getByRole('heading', { name: '支付通道', level: 1 })).toBeVisible();
    const cards = page.getByTestId('channel-list').locator('[data-testid^="channel-card-"]');
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId('channel-card-WECHAT')).toContainText('微信支付');
    await expect(page.getByTestId('channel-card-ALIPAY')).toContainText('支付宝');
    await expect(page.getByTestId('channel-card-UNIONPAY')).toContainText('银联');
    await expect(page.getByTestId('channel-rate-WECHAT')).toContainText('3.8');
    await expect(page.getByTestId('channel-rate-UNIONPAY')).toContainText('5.5');
    await expect(page.getByTestId('channel-card-UNIONPAY')).toContainText('晨光咖啡西湖店');
    await page.getByTestId('channel-all-UNIONPAY').click();
    await expect(page).toHaveURL(/\/merchant\?channel=UNIONPAY/);
    await expect(rows(page)).toHaveCount(2);
    expect(await rowIds(page)).toEqual(['M100000001', 'M100001001']);
  });

  test('en-US: the merchant list, the drawer and the channels in English', async ({ page, base }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en-US'));
    await openAs(page, base, '/merchant');
    await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(tableRow(page, 'M100000004')).toContainText('Frozen');
    await page.getByTestId('merchant-open-M100000004').click();
    await expect(drawer(page)).toContainText('Settlement account');
    await expect(drawer(page)).toContainText('Active → Frozen');
    await expect(drawer(page)).toContainText('Food and drink');
    await page.getByTestId('merchant-unfreeze').click();
    await expect(page.getByRole('dialog', { name: /Unfreeze/ })).toContainText('Note (optional)');
    await clickInDialog(page, 'status-cancel');
    await page.goto(`${base}/channel`);
    await expect(page.getByRole('heading', { name: 'Payment channels', level: 1 })).toBeVisible();
    await expect(page.getByTestId('channel-card-WECHAT')).toContainText('WeChat Pay');
    await expect(page.getByTestId('channel-all-ALIPAY')).toContainText('All merchants taking Alipay');
  });

  test('on a 390 px phone the merchants are cards, the filters fold, and nothing scrolls sideways', async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, base, '/merchant');
    await expect(rows(page)).toHaveCount(5);
    await expect(page.locator('.mch-table thead')).toHaveCount(0);
    await expect(page.getByTestId('merchant-filter-name')).toBeHidden();
    await page.getByTestId('merchant-filter-toggle').click();
    await expect(page.getByTestId('merchant-filter-name')).toBeVisible();
    const overflow = () =>
      page.evaluate(() => {
        const main = document.querySelector('[data-scroll-container]')!;
        return Math.max(document.documentElement.scrollWidth, main.scrollWidth) - window.innerWidth;
      });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByTestId('merchant-open-M100000002').click();
    await expect(page.getByTestId('merchant-account')).toBeVisible();
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    // Measured while the drawer may still be finishing its slide-in: a fraction of a pixel is the animation.
    expect(box?.width).toBeCloseTo(390, 0);
    await page.goto(`${base}/channel`);
    await expect(page.getByTestId('channel-card-UNIONPAY')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('axe finds no serious or critical violation on /merchant (list and drawer) and /channel', async ({
    page,
    base,
  }) => {
    test.setTimeout(150_000); // three axe runs take a minute on a loaded two-core machine
    await openAs(page, base, '/merchant');
    await expect(rows(page)).toHaveCount(5);
    await page.waitForTimeout(400); // the slide-fade ends, so colours are final
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('merchant-open-M100000004').click();
    await expect(page.getByTestId('merchant-history')).toBeVisible();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${base}/channel`);
    await expect(page.getByTestId('channel-list')).toBeVisible();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
