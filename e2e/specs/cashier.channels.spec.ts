import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { AlipayFake } from '../../apps/server/test/fakes/alipay-fake.ts';
import { WechatPayFake } from '../../apps/server/test/fakes/wechatpay-fake.ts';
import { clickInDialog, expect, signIn, test } from '../support/fixtures.ts';
import { freePort, runOps, runScript, startServer, type RunningServer } from '../support/server.ts';
import { boundCodes, PHONE } from './order.helpers.ts';

/**
 * Issue 27 end to end: the real channels' adapters against the local fake gateways (real keys, signatures and
 * notices over HTTP). A payer opens the code's page inside WeChat and inside Alipay (their user agents), signs in
 * at the fake without a prompt, pays through the app's bridge (a stub in the page hands its parameters to the
 * fake, which pays and sends its signed notice); the owner sees both orders, refunds one; the fakes' statements
 * of the day are fetched by `npm run ops -- statement:fetch` and `npm run ops -- reconcile` finds no difference
 * for these orders.
 *
 * The channel ids of the merchant and the statements are written by command line tools, which open the embedded
 * database: one process at a time, so this test runs its own server on a PGlite directory of its own (even when
 * DATABASE_URL is set, as staff.frozen), on a port known before it starts (the fakes call it back there).
 */

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240301 MMWEBID/1234 ' +
  'MicroMessenger/8.0.47.2560(0x28002F51) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const ALIPAY_UA =
  'Mozilla/5.0 (Linux; U; Android 14; zh-CN; Pixel 8 Build/UQ1A.240205.004) AppleWebKit/537.36 (KHTML, like ' +
  'Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 UCBS/3.22.2.62 Nebula AlipayDefined(nt:WIFI,' +
  'ws:412|915|2.625) AliApp(AP/10.5.0.6000) AlipayClient/10.5.0.6000 Language/zh-Hans';
const SUB_MCHID = '1900000109';
const SMID = '2088000000000001';
/** China's day of an instant, as the channels date their statements. */
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A phone in the payer's app: its user agent, and the app's bridge answering through `pay` (the fake). */
async function payerApp(
  browser: Browser,
  app: 'wechat' | 'alipay',
  pay: (params: Record<string, string>) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...PHONE,
    locale: 'zh-CN',
    userAgent: app === 'wechat' ? WECHAT_UA : ALIPAY_UA,
  });
  await context.exposeFunction('fakeAppPays', pay);
  // No real WeixinJSBridge / AlipayJSBridge in Chromium: a stub that hands the payment to the fake, then answers
  // the page as the app does once the payer has confirmed.
  await context.addInitScript((kind) => {
    const pays = (window as unknown as { fakeAppPays: (p: Record<string, string>) => Promise<void> }).fakeAppPays;
    if (kind === 'wechat')
      Object.assign(window, {
        WeixinJSBridge: {
          invoke: (name: string, params: Record<string, string>, done: (r: { err_msg: string }) => void) =>
            name === 'getBrandWCPayRequest' && pays(params).then(() => done({ err_msg: 'get_brand_wcpay_request:ok' })),
        },
      });
    else
      Object.assign(window, {
        AlipayJSBridge: {
          call: (name: string, params: { tradeNO: string }, done: (r: { resultCode: string }) => void) =>
            name === 'tradePay' && pays(params).then(() => done({ resultCode: '9000' })),
        },
      });
  }, app);
  return { context, page: await context.newPage() };
}

test('issue 27: paid inside WeChat and inside Alipay through the fakes, refunded by the owner, the statements reconcile', async ({
  browser,
}) => {
  // About a minute alone; three server starts and four command line runs take longer on a loaded machine.
  test.setTimeout(180_000);
  const started = new Date();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-e2e-channels-'));
  const wechat = await new WechatPayFake().start();
  const alipay = await new AlipayFake().start();
  let server: RunningServer | null = null;
  try {
    const onOwnDir = { DATA_DIR: dataDir, DATABASE_URL: '' };
    // The demo data first, then the demo merchant made WeChat Pay's and Alipay's sub-merchant by the operator.
    await (await startServer(onOwnDir)).stop();
    const accounts = await runOps(
      dataDir,
      'merchant:channel-accounts',
      'M100000001',
      '--wechat-sub-mchid',
      SUB_MCHID,
      '--alipay-smid',
      SMID,
    );
    expect(accounts).toContain(SUB_MCHID);
    // Its port chosen just before it starts, so no other process takes it in between.
    const port = String(await freePort());
    const channels = { ...wechat.env(`http://127.0.0.1:${port}`), ...alipay.env(`http://127.0.0.1:${port}`) };
    server = await startServer({ ...onOwnDir, ...channels, PORT: port });
    const { codeNo } = await boundCodes(server.url, { mchNo: 'M100000001', fixedAmountFen: 2500 });
    const base = `${server.url}/mchweb`;

    // 1. Inside WeChat: snsapi_base at the fake, back with the openid; JSAPI; WeixinJSBridge pays at the fake.
    let wechatNo = '';
    const inWechat = await payerApp(browser, 'wechat', async (params) => {
      wechatNo = (await wechat.payJsapi(params)).outTradeNo;
    });
    await inWechat.page.goto(`${base}/pay/${codeNo}`);
    await expect(inWechat.page).toHaveURL(/\?wechat=ok\b/, { timeout: 30_000 });
    await expect(inWechat.page.getByTestId('cashier-amount')).toHaveText('¥25.00');
    await inWechat.page.getByTestId('cashier-pay').tap();
    await expect(inWechat.page.getByTestId('cashier-result-SUCCESS')).toBeVisible({ timeout: 30_000 });
    await expect(inWechat.page.getByTestId('cashier-result-SUCCESS')).toContainText(wechatNo);
    expect(wechat.transactions.get(wechatNo)).toMatchObject({ tradeType: 'JSAPI', openid: wechat.openid });
    expect(wechat.deliveries.map((d) => d.status)).toEqual([204]);
    await inWechat.context.close();

    // 2. Inside Alipay: auth_base at the fake, back with the user id; trade.create; tradePay pays at the fake.
    let alipayNo = '';
    const inAlipay = await payerApp(browser, 'alipay', async ({ tradeNO }) => {
      alipayNo = (await alipay.tradePay(tradeNO!)).outTradeNo;
    });
    await inAlipay.page.goto(`${base}/pay/${codeNo}`);
    await expect(inAlipay.page).toHaveURL(/\?alipay=ok\b/, { timeout: 30_000 });
    await inAlipay.page.getByTestId('cashier-pay').tap();
    await expect(inAlipay.page.getByTestId('cashier-result-SUCCESS')).toBeVisible({ timeout: 30_000 });
    await expect(inAlipay.page.getByTestId('cashier-result-SUCCESS')).toContainText(alipayNo);
    expect(alipay.trades.get(alipayNo)).toMatchObject({ method: 'alipay.trade.create', buyerId: alipay.userId });
    expect(alipay.deliveries.map((d) => d.body)).toEqual(['success']);
    await inAlipay.context.close();

    // 3. The owner sees both paid with their channels, and refunds ¥10.00 of the WeChat one.
    const desk = await browser.newContext({ locale: 'zh-CN' });
    const page = await desk.newPage();
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/, { timeout: 30_000 });
    await page.goto(`${base}/order?codeNo=${codeNo}`);
    const row = (orderNo: string) => page.locator('tr', { has: page.getByTestId(`order-row-${orderNo}`) });
    await expect(row(wechatNo)).toContainText('微信支付', { timeout: 30_000 });
    await expect(row(wechatNo)).toContainText('支付成功');
    await expect(row(alipayNo)).toContainText('支付宝');
    await expect(row(alipayNo)).toContainText('支付成功');
    await page.getByTestId(`order-open-${wechatNo}`).click();
    await page.getByTestId('order-refund').click();
    await expect(page.getByTestId('refund-amount')).toHaveValue('25.00');
    await page.getByTestId('refund-amount').fill('10.00');
    await page.getByTestId('refund-reason').fill('顾客退回一杯');
    await clickInDialog(page, 'refund-submit');
    await expect(page.locator('.ant-message-success').filter({ hasText: '退款 ¥10.00 已提交' })).toBeVisible();
    // WeChat Pay took the refund (PROCESSING); it finishes it and sends its notice, which the open drawer follows.
    await expect.poll(() => wechat.refunds.size, { timeout: 30_000 }).toBe(1);
    const [refund] = [...wechat.refunds.values()];
    expect(refund).toMatchObject({ outTradeNo: wechatNo, refund: 1000, total: 2500 });
    expect((await wechat.finishRefund(refund!.outRefundNo)).map((d) => d.status)).toEqual([204]);
    await expect(page.getByTestId('order-refunds')).toContainText('退款成功', { timeout: 30_000 });
    await expect(page.getByTestId('order-detail-refunded')).toHaveText('¥10.00');
    await expect(page.getByTestId('order-drawer').locator('.order-tag').first()).toHaveText('部分退款');
    await desk.close();
    await server.stop();
    server = null;

    // 4. The day's statements (both days if China's midnight fell inside the test), kept and reconciled.
    const days = [...new Set([chinaDay(started), chinaDay(new Date())])];
    const kept: Record<string, { orderNo: string; refundNo: string | null; amountFen: number }[]> = {};
    for (const day of days)
      for (const [channel, name] of [
        ['WECHAT', 'wechatpay'],
        ['ALIPAY', 'alipay'],
      ] as const) {
        // The operator's command (the queue's download for any day, and now): the kept lines, a table under a summary.
        const out = await runScript('scripts/ops.ts', ['statement:fetch', '--channel', name, '--date', day], {
          ...onOwnDir,
          ...channels,
          MCHWEB_SANDBOX: '1',
        });
        const lines = out.split('\n');
        const summary = lines.findIndex((l) => l.startsWith(`Kept the ${channel} statement of ${day}: `));
        expect(summary, out).toBeGreaterThanOrEqual(0);
        // Under the summary: a header, a rule, then one row a line (or "(none)").
        const rows = lines.slice(summary + 3).filter((l) => /^\S+\s+\S+\s+\S+\s+-?\d+\s+\S+$/.test(l));
        kept[channel] = [
          ...(kept[channel] ?? []),
          ...rows.map((row) => {
            const [orderNo, refundNo, , amountFen] = row.split(/\s+/);
            return { orderNo: orderNo!, refundNo: refundNo === '-' ? null : refundNo!, amountFen: Number(amountFen) };
          }),
        ];
      }
    expect(kept.WECHAT).toEqual(
      expect.arrayContaining([
        { orderNo: wechatNo, refundNo: null, amountFen: 2500 },
        { orderNo: wechatNo, refundNo: refund!.outRefundNo, amountFen: -1000 },
      ]),
    );
    expect(kept.ALIPAY).toEqual([{ orderNo: alipayNo, refundNo: null, amountFen: 2500 }]);
    for (const day of days) {
      // Other differences of the day (the demo's sandbox orders on these channels are not on the fakes'
      // statements) make it exit 1; none may be about this test's orders.
      const report = await runOps(dataDir, 'reconcile', '--date', day).catch((err: Error) => err.message);
      expect(report).toMatch(new RegExp(`^${day}: `, 'm'));
      const ours = report
        .split('\n')
        .filter((l) => [wechatNo, alipayNo, refund!.outRefundNo].some((n) => l.includes(n)));
      expect(ours).toEqual([]);
    }
  } finally {
    await server?.stop();
    await wechat.stop();
    await alipay.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
