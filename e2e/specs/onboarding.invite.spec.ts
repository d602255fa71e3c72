import { expect, signIn, test } from '../support/fixtures.ts';
import { Api, newOwner, PASSWORD } from './company.helpers.ts';
import { seriousViolations } from '../support/axe.ts';
import { fillSmallMicro, TEXT, useLanguage, type Lang } from './onboarding.helpers.ts';

test.describe('onboarding by invitation', () => {
  for (const lang of ['zh-CN', 'en-US'] as const satisfies Lang[]) {
    test(`${lang}: a new owner invites a merchant, who fills the form in on a phone with uploads; the sandbox approves it and the merchant is theirs`, async ({
      page,
      base,
      server,
      browser,
    }) => {
      test.setTimeout(150_000);
      const L = TEXT[lang];
      const owner = await newOwner(server.url, lang === 'zh-CN' ? '西溪茶社' : 'Xixi Tea House');
      await useLanguage(page, lang);
      await signIn(page, base, owner.mobile, PASSWORD);
      await expect(page).toHaveURL(/\/mchweb\/welcome/);

      // The invitation: 3 days, with a note; its QR code is drawn in the page, its link can be copied.
      await page.goto(`${base}/merchant-entry`);
      await expect(page.getByTestId('entry-summary')).toBeVisible();
      await page.getByTestId('invite-days').fill('3');
      await page.getByTestId('invite-remark').fill('Zhao, noodle stall');
      await page.getByTestId('invite-create').click();
      await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-ready', 'true');
      const url = (await page.getByTestId('invite-url').innerText()).trim();
      expect(url).toMatch(/\/mchweb\/inco\/I[0-9A-Za-z]{24}$/);
      const download = page.waitForEvent('download');
      await page.getByTestId('invite-download').click();
      expect((await download).suggestedFilename()).toMatch(/^invite-I[0-9A-Za-z]{24}\.png$/);
      expect(await seriousViolations(page)).toEqual([]);

      // The merchant, on a phone, without an account.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const mobile = await phone.newPage();
      await useLanguage(mobile, lang);
      await mobile.goto(url);
      await expect(mobile.getByTestId('page-inco-invite')).toBeVisible();
      await expect(mobile.getByText(owner.companyName).first()).toBeVisible();
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(mobile)).toEqual([]);
      const name = lang === 'zh-CN' ? '赵记牛肉面' : 'Zhao Noodles';
      await fillSmallMicro(mobile, lang, { name, shortName: name, person: '赵磊' });
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(mobile)).toEqual([]);
      await mobile.getByTestId('wizard-submit').click();
      await expect(mobile.getByTestId('public-thanks')).toContainText(L.thanks);
      // The link now says so, rather than opening the form again.
      await mobile.reload();
      await expect(mobile.getByTestId('public-thanks')).toBeVisible();
      await phone.close();

      // Back in the portal: the invitation was used for this merchant; its review ends in an approval.
      await page.goto(`${base}/inco-manage`);
      const row = page.getByTestId('invite-table').locator('tr', { hasText: 'Zhao, noodle stall' });
      await expect(row.getByTestId('invite-status')).toHaveText(L.inviteUsed);
      await row.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/audit-progress\?applyNo=A\d{20}/);
      await expect(page.getByTestId('progress-approved')).toContainText(L.approved, { timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);

      // The merchant is the organisation's: in the session's merchant list and in /merchant/list.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('mchList') ?? ''), { timeout: 10_000 })
        .toContain(name);
      const api = await Api.open(server.url, owner.api.token);
      const merchants = Api.ok(await api.post<{ rows: { name: string; status: string }[] }>('/merchant/list', {}));
      expect(merchants.rows).toEqual([expect.objectContaining({ name, status: 'ACTIVE' })]);
      await page.goto(`${base}/merchant`);
      await expect(page.getByTestId('merchant-table')).toContainText(name);
    });
  }
});
