import type { Page } from '@playwright/test';
import { clickInDialog, expect, openApp, signIn, test } from '../support/fixtures.ts';
import { Api, newOwner, PASSWORD, registerUser, roleId, uniqueMobile } from './company.helpers.ts';

/*
 * Issue 14.2: an invitation enrols nobody until its invitee answers it, signed in, on /organ-create (where a user
 * without an organisation lands), /organ-select or /welcome.
 */

/** The page is no wider than the phone's screen: nothing to scroll sideways. */
async function fitsWidth(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const staffOf = async (owner: { api: Api }) =>
  Api.ok(await owner.api.get<{ mobile: string; status: string }[]>('/staff/list'));

test.describe('issue 14.2 staff invitations, the invitee side', () => {
  test('a newcomer invited before registering finds the invitations on /organ-create at 390 px, declines one, accepts and enters the other', async ({
    page,
    base,
    server,
  }) => {
    const bakery = await newOwner(server.url, '桂花糕坊 Osmanthus Bakery');
    const florist = await newOwner(server.url, '鼓楼花店 Drum Tower Florist');
    const mobile = uniqueMobile();
    Api.ok(await bakery.api.post('/staff/invite', { mobile, roleId: await roleId(bakery.api, 'FINANCE') }));
    Api.ok(await florist.api.post('/staff/invite', { mobile, roleId: await roleId(florist.api, 'CASHIER') }));
    await registerUser(server.url, mobile); // registering joins nothing

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, base, mobile, PASSWORD);
    await expect(page).toHaveURL(`${base}/organ-create`);
    const toBakery = page.getByTestId(`invitation-${bakery.companyId}`);
    await expect(page.getByTestId('invitations')).toContainText('待处理的邀请');
    await expect(toBakery).toContainText('桂花糕坊 Osmanthus Bakery');
    await expect(toBakery).toContainText('财务');
    await expect(toBakery).toContainText(/邀请时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(page.getByTestId(`invitation-${florist.companyId}`)).toContainText('收银员');
    await fitsWidth(page, 390);

    await page.getByTestId(`invitation-decline-${florist.companyId}`).click();
    await clickInDialog(page, 'invitation-decline-confirm');
    await expect(page.locator('.ant-message-success').filter({ hasText: '已拒绝' })).toBeVisible();
    await expect(page.getByTestId(`invitation-${florist.companyId}`)).toHaveCount(0);
    expect((await staffOf(florist)).map((m) => m.mobile)).not.toContain(mobile);

    await page.getByTestId(`invitation-accept-${bakery.companyId}`).click();
    await expect(page.locator('.ant-message-success').filter({ hasText: '已加入' })).toBeVisible();
    await expect(toBakery).toHaveCount(0);
    // Accepting switched nothing: still on /organ-create, now offered to enter the organisation.
    await expect(page).toHaveURL(`${base}/organ-create`);
    await fitsWidth(page, 390);
    await page.getByTestId(`invitation-enter-${bakery.companyId}`).click();
    await expect(page).toHaveURL(`${base}/welcome`);
    await expect(page.getByTestId('current-company')).toHaveText('桂花糕坊 Osmanthus Bakery');
    expect((await staffOf(bakery)).find((m) => m.mobile === mobile)?.status).toBe('ACTIVE');
  });

  test('in English: the invitation shows on /welcome, is accepted on /organ-select, and the organisation can be entered', async ({
    page,
    base,
    server,
  }) => {
    const invitee = await newOwner(server.url, 'Harbour Noodles');
    const inviter = await newOwner(server.url, 'Riverside Tea Rooms');
    Api.ok(
      await inviter.api.post('/staff/invite', {
        mobile: invitee.mobile,
        name: 'Ms Lin',
        roleId: await roleId(inviter.api, 'ADMIN'),
      }),
    );

    await openApp(page, `${base}/login`);
    await page.getByTestId('language-switch').click();
    await signIn(page, base, invitee.mobile, PASSWORD);
    await expect(page).toHaveURL(`${base}/welcome`);
    await expect(page.getByTestId('current-company')).toHaveText('Harbour Noodles');
    const card = page.getByTestId(`invitation-${inviter.companyId}`);
    await expect(page.getByTestId('invitations')).toContainText('Invitations waiting for you');
    await expect(card).toContainText('Riverside Tea Rooms');
    await expect(card).toContainText('Admin');
    await expect(card).toContainText('Invited ');
    await expect(page.getByTestId(`invitation-accept-${inviter.companyId}`)).toHaveText('Accept');
    await expect(page.getByTestId(`invitation-decline-${inviter.companyId}`)).toHaveText('Decline');

    await page.getByTestId('company-switch').click();
    await expect(page).toHaveURL(`${base}/organ-select`);
    await expect(page.getByTestId(`company-${inviter.companyId}`)).toHaveCount(0); // not a member yet
    await page.getByTestId(`invitation-accept-${inviter.companyId}`).click();
    await expect(
      page.locator('.ant-message-success').filter({ hasText: 'You joined Riverside Tea Rooms' }),
    ).toBeVisible();
    const joined = page.getByTestId(`company-${inviter.companyId}`);
    await expect(joined).toContainText('Admin');
    await expect(page.getByTestId(`company-${invitee.companyId}`)).toContainText('Current'); // nothing switched
    await page.getByTestId(`company-enter-${inviter.companyId}`).click();
    await expect(page).toHaveURL(`${base}/welcome`);
    await expect(page.getByTestId('current-company')).toHaveText('Riverside Tea Rooms');
    await expect(page.getByTestId('invitations')).toHaveCount(0);
  });
});
