import { DEMO, expect, freshMobile, latestSmsCode, openApp, test } from '../support/fixtures.ts';

test.describe('sign-up', () => {
  test('registering through the page: SMS code with a 60 s countdown, agreements, then a new organisation', async ({
    page,
    base,
    server,
  }) => {
    const mobile = freshMobile();
    await openApp(page, `${base}/register`);
    for (const name of ['用户服务协议', '隐私政策', '支付风险提示']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', /\/mchweb\/protocal-(user|privacy|risk)/);
    }
    await page.getByTestId('register-mobile').fill(mobile);
    await page.getByTestId('register-send-code').click();
    await expect(page.getByTestId('register-send-code')).toBeDisabled();
    await expect(page.getByTestId('register-send-code')).toContainText(/(60|59) 秒后重新获取/);
    await page.getByTestId('register-sms-code').fill(await latestSmsCode(server.url, mobile));
    await page.getByTestId('register-password').fill('Shop-lantern-2026');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('请先阅读并同意三项协议')).toBeVisible();
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    // a new user has no organisation: the guard sends them to create one (S4.4.5)
    await expect(page).toHaveURL(`${base}/organ-create`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('a server refusal is shown beside the field it names, in the language the user chose', async ({
    page,
    base,
    server,
  }) => {
    await openApp(page, `${base}/register`);
    await page.getByTestId('register-mobile').fill(DEMO.finance);
    await page.getByTestId('register-send-code').click();
    await expect(page.getByTestId('register-send-code')).toBeDisabled();
    await page.getByTestId('register-sms-code').fill(await latestSmsCode(server.url, DEMO.finance));
    await page.getByTestId('register-password').fill('Shop-lantern-2026');
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    const mobileItem = page.locator('.auth-field').filter({ has: page.getByTestId('register-mobile') });
    await expect(mobileItem.getByRole('alert')).toHaveText('该手机号已注册，请直接登录');
    await expect(page.getByTestId('register-mobile')).toHaveAccessibleDescription('该手机号已注册，请直接登录');
    // The same refusal in English once the user switches: the server answers in the language asked for.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('register-submit').click();
    await expect(mobileItem.getByText('is already registered; sign in instead', { exact: true })).toBeVisible();
    await expect(mobileItem.getByText('该手机号已注册，请直接登录')).toHaveCount(0);
  });
});
