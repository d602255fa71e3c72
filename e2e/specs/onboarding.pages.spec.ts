import { apiSignIn, clickInDialog, expect, signIn, test } from '../support/fixtures.ts';
import { acceptInvitations, Api, newOwner, PASSWORD, registerUser, roleId } from './company.helpers.ts';
import { seriousViolations } from '../support/axe.ts';
import { useLanguage } from './onboarding.helpers.ts';

interface Invite {
  inviteNo: string;
  url: string;
  status: string;
}

test.describe('onboarding pages', () => {
  test('zh-CN: a role that may only view onboarding sees applications and invitations, and no button that changes them', async ({
    page,
    base,
    server,
  }) => {
    const owner = await newOwner(server.url, '只读茶社');
    Api.ok(await owner.api.post('/role/save', { name: '进件查看', permissions: ['onboarding:view'] }));
    Api.ok(await owner.api.get('/getIncoQrCode', { expiresInDays: 5, remark: '给张师傅' }));
    const viewer = await registerUser(server.url);
    Api.ok(
      await owner.api.post('/staff/invite', { mobile: viewer.mobile, roleId: await roleId(owner.api, '进件查看') }),
    );
    await acceptInvitations(viewer.api);

    await signIn(page, base, viewer.mobile, PASSWORD);
    await expect(page).toHaveURL(/\/mchweb\/welcome/);
    await page.goto(`${base}/merchant-entry`);
    await expect(page.getByText('您的角色可以查看进件记录和邀请，但不能新建进件。')).toBeVisible();
    await expect(page.getByTestId('entry-self')).toHaveCount(0);
    await expect(page.getByTestId('invite-create')).toHaveCount(0);
    await page.goto(`${base}/inco-manage`);
    await expect(page.getByTestId('invite-table')).toContainText('给张师傅');
    await expect(page.getByTestId('invite-table').getByText('二维码')).toBeVisible(); // showing is not changing
    await expect(page.getByTestId('invite-table').getByText('撤销', { exact: true })).toHaveCount(0);
    await page.goto(`${base}/incomming`);
    await expect(page.getByTestId('application-table')).toContainText('还没有进件申请');
    await expect(page.getByTestId('application-new')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '去进件' })).toHaveCount(0);
    await page.goto(`${base}/new-incomming`);
    await expect(page.getByTestId('wizard-view-only')).toBeVisible();
    await expect(page.getByTestId('wizard-form')).toHaveCount(0);
  });

  test('en-US, on a phone: an invitation revoked on /inco-manage, an expired one and a wrong link each say so on the public page', async ({
    page,
    base,
    server,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'en-US');
    const owner = await Api.open(server.url, (await apiSignIn(server.url)).token);
    const made = Api.ok(await owner.get<Invite>('/getIncoQrCode', { expiresInDays: 2, remark: 'Revoke me' }));
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/inco-manage`);
    await expect(page.getByTestId(`invite-${made.inviteNo}`)).toContainText('Active');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId(`revoke-${made.inviteNo}`).click();
    await clickInDialog(page, 'revoke-confirm');
    await expect(page.getByTestId(`invite-${made.inviteNo}`)).toContainText('Revoked');
    await expect(page.getByTestId(`revoke-${made.inviteNo}`)).toHaveCount(0);

    const invites = Api.ok(await owner.post<{ rows: Invite[] }>('/inco/invite/list', { status: ['EXPIRED'] })).rows;
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const phone = await visitor.newPage();
    await useLanguage(phone, 'en-US');
    for (const [url, testId, text] of [
      [made.url, 'public-revoked', 'Invitation revoked'],
      [invites[0]!.url, 'public-expired', 'Invitation expired'],
      [`${base}/inco/Inot-a-real-invitation`, 'public-unknown', 'This link does not work'],
    ] as const) {
      await phone.goto(url);
      await expect(phone.getByTestId(testId)).toContainText(text);
      await expect(phone.getByTestId('wizard-form')).toHaveCount(0);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(phone)).toEqual([]);
    }
    await visitor.close();
  });

  test('zh-CN: /incomming filters by name and status; a draft not ready is not submitted but opened to complete; canceling asks for a reason that the timeline keeps', async ({
    page,
    base,
    server,
  }) => {
    const owner = await newOwner(server.url, '筛选茶社');
    const save = async (name: string, key: string) =>
      Api.ok(
        await owner.api.post<{ applyNo: string }>('/inco/save', {
          subject: { name, type: 'SMALL_MICRO' },
          idempotencyKey: key,
        }),
      );
    const tea = (await save('龙井茶铺', 'e2e-key-tea-0001')).applyNo;
    await save('桂花糕店', 'e2e-key-cake-0001');
    await signIn(page, base, owner.mobile, PASSWORD);
    await expect(page).toHaveURL(/\/mchweb\/welcome/);
    await page.goto(`${base}/incomming`);
    const table = page.getByTestId('application-table');
    await expect(table).toContainText('龙井茶铺');
    await expect(table).toContainText('桂花糕店');
    await page.getByTestId('filter-name').locator('input').fill('龙井');
    await page.getByTestId('filter-name').locator('input').press('Enter');
    await expect(page).toHaveURL(/name=%E9%BE%99%E4%BA%95/);
    await expect(table).not.toContainText('桂花糕店');
    expect(await seriousViolations(page)).toEqual([]);

    // Submitting a half-filled draft: refused by the server's full check, it opens in the wizard to complete.
    await page.getByTestId(`submit-${tea}`).click();
    await expect(page.locator('.ant-message-notice').first()).toContainText('还不能提交');
    await expect(page).toHaveURL(new RegExp(`/new-incomming\\?applyNo=${tea}$`));
    await expect(page.getByTestId('wizard-subject-name')).toHaveValue('龙井茶铺');
    await page.goBack();
    await expect(table.locator(`tr[data-row-key="${tea}"]`).getByTestId('apply-status')).toHaveText('草稿');

    await page.getByTestId(`cancel-${tea}`).click();
    await page.getByTestId('prompt-input').fill('商户决定暂不开通');
    await clickInDialog(page, 'prompt-ok');
    await expect(table.locator(`tr[data-row-key="${tea}"]`).getByTestId('apply-status')).toHaveText('已撤销');
    await page.goto(`${base}/incomming?status=CANCELED`);
    await expect(table).toContainText('龙井茶铺');
    await expect(table).not.toContainText('桂花糕店');
    await page.getByTestId(`progress-${tea}`).click();
    await expect(page.getByTestId('event-CANCELED')).toContainText('商户决定暂不开通');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
