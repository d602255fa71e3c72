import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { clickInDialog, DEMO, expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { savedExport } from '../support/downloads.ts';
import { boundCodes, openPaidOrder, payOverApi, wallClock } from './order.helpers.ts';

/**
 * /order (issue 11) as the demo owner, on orders of a payment code of the test's own: new orders appear without a
 * reload, the detail, a partial refund answered by the sandbox refund channel, CSV and XLSX exports parsed.
 */
test.use({ serverEnv: { MCHWEB_SANDBOX_REFUND: 'success', MCHWEB_SANDBOX_REFUND_DELAY_MS: '300' } });

const rows = (page: Page) => page.getByTestId('order-table').locator('[data-testid^="order-row-"]');
const tableRow = (page: Page, orderNo: string) => page.locator('tr', { has: page.getByTestId(`order-row-${orderNo}`) });
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

test.describe('orders', () => {
  test('new orders appear without a reload; detail, partial refund, CSV and XLSX exports with their totals', async ({
    page,
    base,
    server,
  }) => {
    test.setTimeout(120_000);
    const { codeNo } = await boundCodes(server.url);
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/order?codeNo=${codeNo}`);
    await expect(page.getByRole('heading', { name: '订单查询' })).toBeVisible();
    await expect(page.getByText('没有符合筛选条件的订单')).toBeVisible();
    await expect(page.getByTestId('order-summary-count')).toHaveText('0');
    // The default range is the last 7 days and today (S9.5); the filter stays in the address.
    await expect(page.getByTestId('order-filter-codeno').locator('input')).toHaveValue(codeNo);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // Two payers pay while the page is open: the rows and totals come by themselves (5 s poll), no reload.
    const big = await payOverApi(server.url, codeNo, 12_345, 'WECHAT');
    const small = await payOverApi(server.url, codeNo, 1000, 'ALIPAY');
    await expect(rows(page)).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByTestId('order-summary-count')).toHaveText('2', { timeout: 15_000 });
    await expect(page.getByTestId('order-summary-amountFen')).toHaveText('¥133.45');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(tableRow(page, big)).toContainText('¥123.45');
    await expect(tableRow(page, big)).toContainText('支付成功');
    expect(await seriousViolations(page)).toEqual([]);

    // The detail: amount, fee at the merchant's rate, the timeline, postings that balance.
    await page.getByTestId(`order-open-${big}`).click();
    await expect(page.getByTestId('order-detail-amount')).toHaveText('¥123.45');
    await expect(page.getByTestId('order-timeline')).toContainText('支付成功');
    await expect(page.getByTestId('order-postings')).toContainText('平台手续费收入');
    expect(await seriousViolations(page)).toEqual([]);

    // A partial refund: the dialog starts at what is refundable and refuses more than that.
    await page.getByTestId('order-refund').click();
    await expect(page.getByTestId('refund-amount')).toHaveValue('123.45');
    await page.getByTestId('refund-amount').fill('200');
    await clickInDialog(page, 'refund-submit');
    await expect(page.getByText('不能超过可退金额 ¥123.45')).toBeVisible();
    await expect(page.getByText('请填写退款原因')).toBeVisible();
    await page.getByTestId('refund-amount').fill('23.45');
    await page.getByTestId('refund-reason').fill('顾客退回一件商品');
    await page.getByTestId('refund-submit').click();
    await expect(page.locator('.ant-message-success').filter({ hasText: '退款 ¥23.45 已提交' })).toBeVisible();
    // The sandbox refund channel answers; the open drawer follows until then.
    await expect(page.getByTestId('order-refunds')).toContainText('退款成功', { timeout: 15_000 });
    await expect(page.getByTestId('order-detail-refunded')).toHaveText('¥23.45');
    await expect(page.getByTestId('order-drawer').locator('.order-tag').first()).toHaveText('部分退款');
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('order-summary-refundedFen')).toHaveText('¥23.45', { timeout: 15_000 });
    await expect(tableRow(page, big)).toContainText('部分退款');

    // Export: CSV (UTF-8 with BOM) and XLSX, both every order of the filter with the same totals.
    const csv = await savedExport(page, 'order-export-csv');
    expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    const body = lines.slice(1).map((l) => l.split(','));
    expect(header[0]).toBe('订单号');
    expect(body.map((r) => r[0]).sort()).toEqual([big, small].sort());
    const col = (name: string) => header.indexOf(name);
    expect(sum(body.map((r) => Number(r[col('订单金额(元)')])))).toBe(133.45);
    expect(sum(body.map((r) => Number(r[col('已退款(元)')])))).toBe(23.45);
    expect(body.find((r) => r[0] === big)![col('订单状态')]).toBe('PARTIAL_REFUNDED');

    const xlsx = await savedExport(page, 'order-export-xlsx');
    expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells: (string | number)[][] = [];
    sheet.eachRow((row) => cells.push((row.values as (string | number)[]).slice(1)));
    expect(cells[0]![0]).toBe('订单号');
    const data = cells.slice(1);
    expect(data.map((r) => r[0]).sort()).toEqual([big, small].sort());
    expect(sum(data.map((r) => Number(r[col('订单金额(元)')])))).toBe(133.45);
    expect(sum(data.map((r) => Number(r[col('已退款(元)')])))).toBe(23.45);
    await expect(page.getByTestId('order-export-progress')).toHaveCount(0);

    // On a phone: one card per order, the totals two a row, still clean for axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId(`order-row-${small}`)).toContainText('¥10.00');
    await expect(page.getByTestId(`order-row-${small}`)).toContainText('支付宝');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a cashier member sees orders but no refund and no export button', async ({ page, base, server }) => {
    const { codeNo } = await boundCodes(server.url);
    const orderNo = await payOverApi(server.url, codeNo, 500);
    await signIn(page, base, DEMO.cashier);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/order?codeNo=${codeNo}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByTestId('order-export-csv')).toHaveCount(0);
    await page.getByTestId(`order-open-${orderNo}`).click();
    await expect(page.getByTestId('order-detail-amount')).toHaveText('¥5.00');
    await expect(page.getByTestId('order-refund')).toHaveCount(0);
  });
});

test.describe('in a browser set to New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('order times show in China’s time, the zone of the business days and bills, not the browser’s', async ({
    page,
    base,
    server,
  }) => {
    const line = await openPaidOrder(page, base, server.url);
    await expect(tableRow(page, line.orderNo)).toContainText(wallClock(line.createdAt, 'Asia/Shanghai'));
    await expect(tableRow(page, line.orderNo)).toContainText(wallClock(line.paidAt, 'Asia/Shanghai'));
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
  });
});
