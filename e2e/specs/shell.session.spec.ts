import { DEMO, expect, revokeToken, signIn, test } from '../support/fixtures.ts';

test.describe('session and request layer in the browser', () => {
  test('S4.2 S8.1 several calls failing at once show exactly one session-expired dialog', async ({
    page,
    base,
    server,
  }) => {
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    // Revoke while on a static public page: a signed-in page's own calls (a refetch of its queries) failing
    // after the revoke would rightly clear the token before the reload below, leaving nothing to fail there.
    await page.goto(`${base}/protocal-user`);
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await revokeToken(server.url, token!); // another client ends this session
    // getCurrentUser is public (it answers data null without a session), so stand in for a second
    // signed-in-only call of the same page load answering as the server does for a revoked session.
    await page.route('**/api/merchant/user/getCurrentUser', (r) =>
      r.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: 401, code: 401, msg: 'Your sign-in has expired.', message: '', data: null }),
      }),
    );
    const failed: string[] = [];
    page.on('response', (r) => r.status() === 401 && failed.push(new URL(r.url()).pathname));
    // `white` makes the guard fetch the company info and the user together: both fail at once
    await page.goto(`${base}/order?white=1`);
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
    await expect(page.locator('.ant-modal-confirm')).toContainText('温馨提示');
    await expect(page.locator('.ant-modal-confirm')).toContainText('登录已过期');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(500);
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userInfo')])).toEqual([
      null,
      null,
    ]);
    await page.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(`${base}/login?redirect=${encodeURIComponent('/order?white=1')}`);
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  });

  test('S9.3 S8.10 toasts: 3 s, 20 px from the top, 16 px apart, z-index 2000, Escape closes them', async ({
    page,
    base,
  }) => {
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    const unavailable = (msg: string) => ({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 503, code: 503, msg, message: msg, data: null }),
    });
    await page.route('**/api/merchant/feeManager/getCompany', (r) => r.fulfill(unavailable('Company service down')));
    await page.route('**/api/merchant/user/getCurrentUser', (r) => r.fulfill(unavailable('User service down')));
    await page.goto(`${base}/order?white=1`);
    const notices = page.locator('.ant-message-notice');
    await expect(notices).toHaveCount(2);
    await expect(page.locator('.ant-message')).toContainText('Company service down');
    await page.waitForTimeout(600); // let the entry motion settle
    const boxes = await notices.evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .map((r) => ({ top: r.top, bottom: r.bottom }))
        .sort((a, b) => a.top - b.top),
    );
    expect(Math.round(boxes[0]!.top)).toBe(20);
    expect(Math.round(boxes[1]!.top - boxes[0]!.bottom)).toBe(16);
    expect(await page.locator('.ant-message').evaluate((e) => getComputedStyle(e).zIndex)).toBe('2000');
    await page.keyboard.press('Escape');
    await expect(notices).toHaveCount(0);

    await page.goto(`${base}/order?white=1`);
    await expect(notices).toHaveCount(2);
    await page.waitForTimeout(2500);
    await expect(notices).toHaveCount(2);
    await expect(notices).toHaveCount(0, { timeout: 1500 });
  });

  test('S4.3 S8.6 a call failing offline shows the offline banner until the browser is back online', async ({
    page,
    base,
    context,
  }) => {
    await signIn(page, base, DEMO.admin);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/order`);
    await expect(page.getByTestId('page-order')).toBeVisible();
    await context.setOffline(true);
    await page.getByTestId('user-menu').click();
    await page.getByText('修改密码').click();
    await page.getByLabel('当前密码').fill('Demo@2026');
    await page.getByLabel('新密码', { exact: true }).fill('Other@2026');
    await page.getByLabel('确认新密码').fill('Other@2026');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });

  test('S2.13 quick successive navigations raise no error', async ({ page, base }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/order`);
    await expect(page.getByTestId('page-order')).toBeVisible();
    await page.getByTestId('menu-transferList').click();
    await page.getByTestId('menu-bill').click();
    await page.getByTestId('menu-bill').click();
    await page.getByTestId('menu-settlement').click();
    await expect(page.getByTestId('page-settlement')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
