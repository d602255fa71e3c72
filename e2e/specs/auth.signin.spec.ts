import { DEMO, expect, openApp, signIn, test } from '../support/fixtures.ts';

test.describe('sign-in', () => {
  test('S4.1 S3.4 signing in through the page stores the token and the merchant list', async ({ page, base }) => {
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select|organ-create)/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      mchList: localStorage.getItem('mchList'),
    }));
    expect(stored.token).toMatch(/.{20,}/);
    expect(Array.isArray(JSON.parse(stored.mchList!))).toBe(true);
  });

  test('a wrong password is refused with the server message and no session', async ({ page, base }) => {
    await signIn(page, base, DEMO.owner, 'Wrong@2026');
    await expect(page.locator('.ant-form-item-explain-error, [data-testid=login-error]').first()).toBeVisible();
    await expect(page).toHaveURL(/\/mchweb\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('S2.12 an expired session goes to /login?redirect=<full path> and returns there after sign-in', async ({
    page,
    base,
  }) => {
    await page.goto(`${base}/bill?day=2026-01-02`);
    await expect(page).toHaveURL(`${base}/login?redirect=${encodeURIComponent('/bill?day=2026-01-02')}`);
    await page.getByTestId('login-account').fill(DEMO.owner);
    await page.getByTestId('login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(`${base}/bill?day=2026-01-02`);
    await expect(page.getByTestId('page-bill')).toBeVisible();
  });

  test('issue 26: a sign-in typed and sent before the app has started goes through once it has', async ({
    page,
    base,
  }) => {
    // The prerendered form is on screen before the app's script runs (it starts after the first paint); the
    // entry script is held back here to make that window as long as a slow phone's.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' }); // "load" waits for the held script
    await page.getByTestId('login-account').fill(DEMO.owner);
    await page.getByTestId('login-password').fill(DEMO.password);
    await page.getByTestId('login-password').press('Enter');
    // Not submitted by the browser (that would reload the page and lose what was typed), not yet by the app.
    await expect(page.getByTestId('login-account')).toHaveValue(DEMO.owner);
    await expect(page).toHaveURL(`${base}/login`);
    release();
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select|organ-create)/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/.{20,}/);
  });

  test('issue 26: the document title names the page and follows the language', async ({ page, base }) => {
    await openApp(page, `${base}/login`);
    await expect(page).toHaveTitle(/^登录 · 商户平台/);
    await page.getByTestId('login-account').fill(DEMO.owner);
    await page.getByTestId('login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${base}/order`);
    await expect(page).toHaveTitle(/^订单查询 · 商户平台/);
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveTitle(/^Orders · Merchant Portal/);
  });

  test('issue 26: a signed-out deep link loads no more JavaScript than /login itself', async ({ browser, base }) => {
    const scriptsOf = async (path: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await expect(page.getByTestId('login-submit')).toBeVisible();
      await context.close();
      return [...scripts].sort();
    };
    const login = await scriptsOf('/login');
    const deepLink = await scriptsOf('/order');
    expect(login.length).toBeGreaterThan(0);
    expect(deepLink).toEqual(login);
  });

  test('S2.8 /login-error shows errmsg and a way back to sign-in unless login=no', async ({ page, base }) => {
    await page.goto(`${base}/login-error?errmsg=${encodeURIComponent('Your membership is disabled')}`);
    await expect(page.getByTestId('login-error-message')).toHaveText('Your membership is disabled');
    await page.getByTestId('login-error-back').click();
    await expect(page).toHaveURL(`${base}/login`);
    await page.goto(`${base}/login-error?errmsg=Frozen&login=no`);
    await expect(page.getByTestId('login-error-message')).toHaveText('Frozen');
    await expect(page.getByTestId('login-error-back')).toHaveCount(0);
  });

  test('S6.2 a route outside the member menu shows the no-permission page', async ({ page, base }) => {
    await signIn(page, base, DEMO.cashier);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/staff-manage`);
    await expect(page.getByTestId('page-no-permission')).toBeVisible();
    await expect(page.getByTestId('menu-staffManage')).toHaveCount(0);
    await expect(page.getByTestId('menu-order')).toBeVisible();
  });

  test('unknown routes show the not-found page', async ({ page, base }) => {
    await page.goto(`${base}/no-such-page`);
    await expect(page.getByTestId('page-not-found')).toBeVisible();
  });
});
