import ExcelJS from 'exceljs';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { savedExport } from '../support/downloads.ts';
import { backOffice, PHONE } from './order.helpers.ts';

/**
 * /settlement, /bill and /organ-home (issue 12) as the demo owner, on the demo data: 1 200 orders over the last 90
 * days, settled T+1 up to yesterday when the server seeds. The files exported for a settled day add up to what
 * the pages show.
 */

interface Settlement {
  settleNo: string;
  mchNo: string;
  settleDate: string;
  status: string;
  tradeCount: number;
  netFen: number;
}

/** "¥1,234.56" or "-¥0.05" -> fen. */
const fenOf = (text: string) => {
  const m = /^(-?)¥([\d,]+)\.(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`not money: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
};
/** Yuan text or number of a file's cell -> fen, without float sums. */
const cellFen = (v: unknown) => Math.round(Number(v) * 100);
const total = (values: unknown[]) => values.reduce<number>((a, v) => a + cellFen(v), 0);

/**
 * A CSV's lines (LF, as COPY writes them; CRLF read too) as cells (quoted cells with commas and doubled quotes),
 * after the BOM.
 */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .toString('utf8')
    .slice(1)
    .split(/\r?\n/)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')).slice(0, -1),
    )
    .map((cells) => (cells.length === 1 && cells[0] === '' ? [] : cells));
}

async function sheets(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const cells: unknown[][] = [];
    sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, cells };
  });
}

test.describe('settlements and trade bills', () => {
  test('the owner opens a settled demo day on /settlement and /bill; both exports add up to the pages', async ({
    page,
    base,
    server,
  }) => {
    test.setTimeout(180_000);
    const call = await backOffice(server.url);
    const newest = await call<{ rows: Settlement[] }>('/settlement/list', { limit: 100 });
    const day = newest.rows.find((s) => s.status === 'SETTLED')?.settleDate;
    expect(day, 'the demo data is settled up to yesterday').toBeTruthy();
    const ofDay = await call<{ rows: Settlement[] }>('/settlement/list', { from: day, to: day, limit: 100 });
    const dayNet = ofDay.rows.reduce((a, s) => a + s.netFen, 0);

    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/settlement?from=${day}&to=${day}`);
    await expect(page.getByRole('heading', { name: '结算记录' })).toBeVisible();
    await expect(page.getByTestId('settlement-summary-count')).toHaveText(String(ofDay.rows.length));
    const netText = (await page.getByTestId('settlement-summary-netFen').textContent())!;
    expect(fenOf(netText)).toBe(dayNet);
    const tradeText = (await page.getByTestId('settlement-summary-tradeFen').textContent())!;
    await expect(page.locator('[data-testid^="settlement-row-"]')).toHaveCount(ofDay.rows.length);
    expect(await seriousViolations(page)).toEqual([]);

    // One settlement: its figures and the movements it covers, which add up to its net.
    const one = ofDay.rows[0]!;
    await page.getByTestId(`settlement-open-${one.settleNo}`).click();
    await expect(page).toHaveURL(new RegExp(`open=${one.settleNo}`));
    await expect(page.getByTestId('settlement-detail-net')).toHaveText(netOf(one.netFen));
    const movementRows = page.getByTestId('settlement-movements-row');
    await expect(movementRows.first()).toBeVisible();
    while (await page.getByTestId('settlement-movements-more').isVisible()) {
      await page.getByTestId('settlement-movements-more').click();
    }
    const movementNets = await page
      .getByTestId('settlement-movements')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent ?? ''));
    expect(movementNets.reduce((a, t) => a + fenOf(t), 0)).toBe(one.netFen);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '关闭' }).click();

    // The exports: every settlement of the filter, the same totals.
    const csv = await savedExport(page, 'settlement-export-csv');
    expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
    const [header, ...body] = csvRows(csv.bytes).filter((r) => r.length > 0);
    const col = (name: string) => header!.indexOf(name);
    expect(body.map((r) => r[col('结算单号')]).sort()).toEqual(ofDay.rows.map((s) => s.settleNo).sort());
    expect(total(body.map((r) => r[col('结算金额(元)')]))).toBe(dayNet);
    expect(total(body.map((r) => r[col('交易金额(元)')]))).toBe(fenOf(tradeText));
    const xlsx = await savedExport(page, 'settlement-export-xlsx');
    expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
    const [book] = await sheets(xlsx.bytes);
    const rows = book!.cells.slice(1);
    expect(rows).toHaveLength(ofDay.rows.length);
    expect(total(rows.map((r) => r[col('结算金额(元)')]))).toBe(dayNet);
    await expect(page.getByTestId('settlement-export-progress')).toHaveCount(0);

    // The organisation's trade bill of the same day: the settlements add up to its net; the exports agree.
    await page.goto(`${base}/bill?date=${day}`);
    await expect(page.getByRole('heading', { name: '交易账单' })).toBeVisible();
    await expect(page.getByTestId('bill-day')).toHaveAttribute('data-has-trade', 'true');
    expect(fenOf((await page.getByTestId('bill-summary-netFen').textContent())!)).toBe(dayNet);
    await expect(page.getByTestId('bill-settlements-check')).toContainText('与当日净额一致');
    const billTrade = fenOf((await page.getByTestId('bill-summary-tradeFen').textContent())!);
    expect(billTrade).toBe(fenOf(tradeText));
    const billRows = page.getByTestId('bill-rows-row');
    await expect(billRows.first()).toBeVisible();
    while (await page.getByTestId('bill-rows-more').isVisible()) await page.getByTestId('bill-rows-more').click();
    const shownRows = await billRows.count();
    expect(await seriousViolations(page)).toEqual([]);

    const billCsv = await savedExport(page, 'bill-export-csv');
    const blocks = csvRows(billCsv.bytes);
    const blank = blocks.findIndex((r) => r.length === 0);
    const [rowHead, ...lines] = blocks.slice(0, blank);
    const [sumHead, sums] = blocks.slice(blank + 1).filter((r) => r.length > 0);
    expect(rowHead![0]).toBe('交易时间');
    expect(lines).toHaveLength(shownRows);
    const at = (head: string[], name: string) => head.indexOf(name);
    expect(total(lines.map((r) => r[at(rowHead!, '入账金额(元)')]))).toBe(dayNet);
    expect(total(lines.map((r) => r[at(rowHead!, '订单金额(元)')]))).toBe(billTrade);
    expect(sumHead![0]).toBe('总交易单数');
    expect(cellFen(sums![at(sumHead!, '结算金额(元)')])).toBe(dayNet);
    expect(cellFen(sums![at(sumHead!, '应结订单总金额(元)')])).toBe(billTrade);

    const billXlsx = await savedExport(page, 'bill-export-xlsx');
    const [detail, summary] = await sheets(billXlsx.bytes);
    expect([detail!.name, summary!.name]).toEqual(['交易明细', '汇总']);
    expect(detail!.cells.slice(1)).toHaveLength(shownRows);
    expect(total(detail!.cells.slice(1).map((r) => r[at(rowHead!, '入账金额(元)')]))).toBe(dayNet);
    expect(cellFen(summary!.cells[1]![at(sumHead!, '结算金额(元)')])).toBe(dayNet);

    // A day without trade says so.
    await page.goto(`${base}/bill?date=2020-01-01`);
    await expect(page.getByTestId('bill-no-trade')).toContainText('2020-01-01 没有交易');
  });

  test('/organ-home draws the 30-day trend and the channel share from the demo data; clean for axe at 390 px', async ({
    browser,
    base,
  }) => {
    const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await expect(page.getByTestId('welcome-today-amountFen')).toHaveText(/^¥[\d,]+\.\d\d$/);
    await page.goto(`${base}/organ-home`);
    await expect(page.getByTestId('dashboard-trend')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('dashboard-trend').locator('svg path').first()).toBeAttached();
    await expect(page.getByTestId('dashboard-channels')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('dashboard-trend-table').locator('tbody tr')).toHaveCount(30);
    await expect(page.getByTestId('dashboard-channel-list').locator('li')).not.toHaveCount(0);
    await expect(page.getByRole('img', { name: /近 30 天交易额 ¥[\d,.]+，共 \d+ 笔/ })).toBeVisible();
    await expect(page.getByTestId('dashboard-top').locator('li').first()).toBeVisible();
    await expect(page.getByTestId('latest-orders').locator('li').first()).toBeVisible();
    // Nothing wider than the phone.
    const wide = await page.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid="dashboard"] *')].filter(
          (e) => e.getBoundingClientRect().right > 391,
        ).length,
    );
    expect(wide).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

function netOf(fen: number) {
  const text = (Math.abs(fen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return `${fen < 0 ? '-' : ''}¥${text}`;
}
