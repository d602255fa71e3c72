import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { clickInDialog, DEMO, expect, signIn, test } from '../support/fixtures.ts';
import { choose } from '../support/select.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * /code-setting and /mch-code-setting (issue 11) against the demo organisation (杭州晨光咖啡): a demo batch of
 * six codes (880000000001 bound to M100000001 at ¥25.00, 880000000002 bound to M100000002, 880000000003
 * disabled). Each test generates its own batch, so tests never touch each other's codes.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function signedIn(browser: Browser, base: string, account: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext({ ...(phone ? PHONE : {}), locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, base, account);
  await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select|order)/);
  return page;
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const phone of [false, true]) {
  test(`the owner generates a batch, downloads its PDF and binds a code with a fixed amount (${phone ? '390' : '1440'} px)`, async ({
    browser,
    base,
  }) => {
    test.setTimeout(150_000);
    const page = await signedIn(browser, base, DEMO.owner, phone);
    await page.goto(`${base}/code-setting`);
    await expect(page.getByRole('heading', { name: '收款码管理' })).toBeVisible();
    await expect(page.getByTestId('batch-list').locator('[data-testid^="batch-counts-"]').last()).toContainText(
      '共 6 个',
    );

    // Generate three codes: the dialog says what it makes and its button says how many.
    await page.getByTestId('code-generate').click();
    await page.getByRole('spinbutton').fill('3');
    await expect(page.getByTestId('generate-summary')).toContainText('将生成 3 个新的收款码');
    await expect(page.getByTestId('generate-submit')).toHaveText('生成 3 个');
    await clickInDialog(page, 'generate-submit');
    await expect(page.locator('.ant-message-success').filter({ hasText: '已生成 3 个收款码' })).toBeVisible();
    const batch = page.locator('[data-testid^="batch-B"]').first();
    const batchNo = (await batch.getAttribute('data-testid'))!.replace('batch-', '');
    await expect(page.getByTestId(`batch-counts-${batchNo}`)).toContainText('共 3 个');
    const rows = page.getByTestId(`batch-codes-${batchNo}`).locator('[data-testid^="code-row-"]');
    await expect(rows).toHaveCount(3);
    const codeNo = (await rows.first().getAttribute('data-testid'))!.replace('code-row-', '');
    expect(codeNo).toMatch(/^[1-9]\d{11}$/);
    await fitsWidth(page, phone ? 390 : 1440);
    expect(await seriousViolations(page)).toEqual([]);

    // The printable sheet: a PDF made by the server, one A4 page for three codes.
    const download = page.waitForEvent('download');
    await page.getByTestId(`batch-sheet-${batchNo}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`收款码_${batchNo}.pdf`);
    const pdf = fs.readFileSync((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    // Bind the first code from its link: merchant, a fixed amount of ¥12.50 and a label.
    await page.getByTestId(`code-bind-${codeNo}`).click();
    await expect(page).toHaveURL(new RegExp(`/mch-code-setting\\?codeNo=${codeNo}$`));
    await expect(page.getByTestId('bind-now')).toHaveText('未绑定，可以绑定。');
    await choose(page, 'bind-merchant', 'M100000001');
    await page.getByTestId('bind-mode').getByText('固定金额').click();
    await page.getByTestId('bind-amount').fill('12.5');
    await page.getByTestId('bind-label').fill('3号桌');
    await page.getByTestId('bind-submit').click();
    const spaced = codeNo.replace(/(\d{4})(?=\d)/g, '$1 ');
    await expect(
      page.locator('.ant-message-success').filter({ hasText: `收款码 ${spaced} 已绑定到 晨光咖啡西湖店` }),
    ).toBeVisible();
    const row = page.getByTestId('code-table').locator('tr', { has: page.getByTestId(`code-row-${codeNo}`) });
    await expect(row).toContainText('已绑定');
    await expect(row).toContainText('¥12.50');
    await expect(row).toContainText('3号桌');
    await fitsWidth(page, phone ? 390 : 1440);
    expect(await seriousViolations(page)).toEqual([]);

    // Back on /code-setting the batch counts one bound code.
    await page.goto(`${base}/code-setting`);
    await expect(page.getByTestId(`batch-counts-${batchNo}`).locator('[data-count]')).toHaveText([
      /未绑定\s*2/,
      /已绑定\s*1/,
    ]);
    await page.context().close();
  });
}

test('moving a bound code to another merchant, unbinding and disabling; refusals beside the field', async ({
  browser,
  base,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, base, DEMO.owner, false);
  await page.goto(`${base}/code-setting`);
  await page.getByTestId('code-generate').click();
  await page.getByRole('spinbutton').fill('1');
  await clickInDialog(page, 'generate-submit');
  const row = page.locator('[data-testid^="batch-B"]').first().locator('[data-testid^="code-row-"]');
  const codeNo = (await row.getAttribute('data-testid'))!.replace('code-row-', '');

  await page.goto(`${base}/mch-code-setting`);
  await page.getByTestId('bind-code-no').fill(codeNo);
  await choose(page, 'bind-merchant', 'M100000001');
  await page.getByTestId('bind-submit').click();
  await expect(page.getByTestId(`code-row-${codeNo}`)).toBeVisible();

  // Move it: the form says where it is bound now, the toast says where it came from.
  await page.getByTestId(`code-edit-${codeNo}`).click();
  await expect(page.getByTestId('bind-now')).toContainText('已绑定到 晨光咖啡西湖店');
  await choose(page, 'bind-merchant', 'M100000002');
  await page.getByTestId('bind-submit').click();
  await expect(page.locator('.ant-message-success').filter({ hasText: '改绑到 晨光咖啡滨江店' })).toBeVisible();
  const tableRow = page.getByTestId('code-table').locator('tr', { has: page.getByTestId(`code-row-${codeNo}`) });
  await expect(tableRow).toContainText('M100000002');
  await expect(tableRow).toContainText('顾客输入金额');

  // A bad amount is refused in the form before anything is sent.
  await page.getByTestId('bind-code-no').fill(codeNo);
  await page.getByTestId('bind-mode').getByText('固定金额').click();
  await page.getByTestId('bind-amount').fill('0');
  await page.getByTestId('bind-submit').click();
  await expect(page.getByText('金额须在 ¥0.01 至 ¥500,000.00 之间')).toBeVisible();

  // Unbind (confirm): it leaves the bound list.
  await page.getByTestId(`code-unbind-${codeNo}`).click();
  await clickInDialog(page, 'unbind-confirm');
  await expect(page.locator('.ant-message-success').filter({ hasText: '已解绑' })).toBeVisible();
  await expect(page.getByTestId(`code-row-${codeNo}`)).toHaveCount(0);

  // Disable it on /code-setting (confirm): final, the server refuses to bind it and says so beside the number.
  await page.goto(`${base}/code-setting`);
  await page.locator('[data-testid^="batch-toggle-"]').first().click();
  await page.getByTestId(`code-disable-${codeNo}`).click();
  await clickInDialog(page, 'disable-confirm');
  await expect(page.locator('.ant-message-success').filter({ hasText: '已停用' })).toBeVisible();
  await expect(page.getByTestId(`code-disable-${codeNo}`)).toHaveCount(0);
  await page.goto(`${base}/mch-code-setting?codeNo=${codeNo}`);
  await expect(page.getByTestId('bind-now')).toHaveText('已停用，不能绑定。');
  await choose(page, 'bind-merchant', 'M100000001');
  await page.getByTestId('bind-submit').click();
  await expect(page.getByText('该收款码已停用，不能再使用，请换一个收款码')).toBeVisible();
  await page.context().close();
});

test('a cashier binds codes but sees no generate or disable button; English works too', async ({ browser, base }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
  const page = await context.newPage();
  await signIn(page, base, DEMO.cashier);
  await expect(page).toHaveURL(/\/mchweb\/(welcome|order)/);
  await page.goto(`${base}/code-setting`);
  await expect(page.getByRole('heading', { name: 'Code batches' })).toBeVisible();
  await page.locator('[data-testid^="batch-toggle-"]').last().click();
  await expect(page.getByTestId('code-png-880000000001')).toBeVisible();
  await expect(page.getByTestId('code-generate')).toHaveCount(0);
  await expect(page.locator('[data-testid^="code-disable-"]')).toHaveCount(0);
  await page.goto(`${base}/mch-code-setting`);
  await expect(page.getByTestId('bind-form')).toBeVisible();
  await expect(page.locator('tr', { has: page.getByTestId('code-row-880000000001') })).toContainText('¥25.00');
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
