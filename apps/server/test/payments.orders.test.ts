import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema, orderPage } from '@mchweb/contract';
import type { OrderDetail, OrderPage, OrderSummary, RefundStatus } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, paid, pay, refundNotify } from './payment-fixtures.ts';

let t: TestApp;
let owner: TestClient;
let cashier: TestClient;
let finance: TestClient;
let payer: TestClient;
let counter: string;
let front: string;
/** The demo data has orders of its own: these tests look at the orders made after it. */
let since: string;
beforeAll(async () => {
  t = await createTestApp();
  since = new Date().toISOString();
  [owner, cashier, finance] = [
    await t.signIn('13800138000'),
    await t.signIn('13800138003'),
    await t.signIn('13800138002'),
  ];
  payer = t.client();
  counter = await codeFor(t.database.db, 'M100000001', { label: 'Counter 1' });
  front = await codeFor(t.database.db, 'M100000002', { label: '=SUM(A1)' });
});
afterAll(async () => t.close());

const list = async (client: TestClient, body: object = {}) =>
  (await client.post<OrderPage>('/api/merchant/order/list', { from: since, ...body })).body;
const summary = async (client: TestClient, body: object = {}) =>
  (await client.post<OrderSummary>('/api/merchant/order/summary', { from: since, ...body })).body.data;
const detail = async (orderNo: string) =>
  (await owner.get<OrderDetail>('/api/merchant/order/detail', { orderNo })).body;
const refund = (client: TestClient, orderNo: string, amountFen: number, key = newKey()) =>
  client.post<{ refundNo: string; status: RefundStatus; orderStatus: string }>('/api/merchant/order/refund', {
    orderNo,
    amountFen,
    reason: 'Customer returned the item',
    idempotencyKey: key,
  });

describe('orders in the back office', () => {
  it('lists the orders of the organisation newest first, with filters and keyset pages', async () => {
    const a = await paid(payer, counter, 10_000, 'WECHAT');
    const b = await paid(payer, front, 2_000, 'ALIPAY');
    const c = (await pay(payer, counter, 333, 'UNIONPAY')).orderNo; // stays PENDING
    const all = await list(owner);
    expect(all.code).toBe(200);
    expect(all.data.rows.slice(0, 3).map((o) => o.orderNo)).toEqual([c, b, a]);
    expect(all.data.rows[0]).toMatchObject({ status: 'PENDING', refundableFen: 0, mchNo: 'M100000001' });
    expect(all.data.rows[2]).toMatchObject({
      status: 'SUCCESS',
      feeFen: 38,
      refundableFen: 10_000,
      label: 'Counter 1',
    });
    const numbers = async (body: object) => (await list(owner, body)).data.rows.map((o) => o.orderNo);
    expect(await numbers({ mchNos: ['M100000002'] })).toEqual([b]);
    // The same shape of filter with other values (the list's query is prepared once per shape).
    expect(await numbers({ mchNos: ['M100000001'] })).toEqual([c, a]);
    expect(await numbers({ mchNos: ['M100000001', 'M100000002'], statuses: ['SUCCESS'] })).toEqual([b, a]);
    expect(await numbers({ statuses: ['PENDING'] })).toEqual([c]);
    expect(await numbers({ channels: ['ALIPAY', 'UNIONPAY'] })).toEqual([c, b]);
    expect(await numbers({ amountMinFen: 1_000, amountMaxFen: 5_000 })).toEqual([b]);
    expect(await numbers({ orderNo: a })).toEqual([a]);
    expect(await numbers({ codeNo: front })).toEqual([b]);
    expect(await numbers({ label: 'counter' })).toEqual([c, a]);
    expect(await numbers({ timeField: 'paid' })).toEqual([b, a]);
    expect(await numbers({ mchNos: ['M100000003'] })).toEqual([]); // the bakery's, another organisation
    expect(await numbers({ from: '2020-01-01', to: '2020-01-31' })).toEqual([]);
    const first = (await list(owner, { limit: 2 })).data;
    expect(first).toMatchObject({ hasMore: true });
    const second = (await list(owner, { limit: 2, cursor: first.nextCursor })).data;
    expect(second.rows.map((o) => o.orderNo)).toEqual([a]);
    expect((await list(owner, { to: '2020-01-01', from: '2020-02-01' })).msg).toBe(
      'to: must not be before the start of the range',
    );
    // The cashier role may look (order:view), not refund or export.
    expect((await list(cashier)).data.rows).toHaveLength(3);
    expect((await refund(cashier, a, 1)).body.code).toBe(403);
    expect((await cashier.post('/api/merchant/exportOrder', { filter: {}, format: 'csv' })).body.code).toBe(403);
  });

  it('summarises the same filter from day totals, agreeing with the rows to the fen', async () => {
    const rows = (await list(owner, { limit: 100 })).data.rows;
    const paidRows = rows.filter((o) => ['SUCCESS', 'PARTIAL_REFUNDED', 'REFUNDED'].includes(o.status));
    const expected = {
      count: rows.length,
      paidCount: paidRows.length,
      amountFen: paidRows.reduce((s, o) => s + o.amountFen, 0),
    };
    // Since the test began (an instant: the rows are read) ...
    expect(await summary(owner)).toMatchObject(expected);
    // ... and whole days with the demo's orders: day totals, then the same filter forced to read every row.
    for (const filter of [
      { from: '2000-01-01' },
      { from: '2000-01-01', mchNos: ['M100000002'], statuses: ['SUCCESS'] },
    ]) {
      const byDays = await summary(owner, filter);
      expect(byDays.count).toBeGreaterThan(0);
      expect(byDays).toEqual(await summary(owner, { ...filter, amountMinFen: 0 }));
    }
    expect(await summary(owner, { statuses: ['PENDING'] })).toMatchObject({ count: 1, paidCount: 0, amountFen: 0 });
    expect(await summary(owner, { amountMinFen: 5_000 })).toMatchObject({
      paidCount: 1,
      amountFen: 10_000,
      feeFen: 38,
    });
  });

  it('refunds part, then the rest; never beyond what is left; the order becomes PARTIAL_REFUNDED then REFUNDED', async () => {
    const orderNo = await paid(payer, counter, 10_000);
    expect((await refund(finance, orderNo, 10_001)).body).toMatchObject({
      code: 409,
      msg: 'amountFen: must be at most ¥100.00, what is left to refund on this order',
    });
    const key = newKey();
    const part = await refund(finance, orderNo, 3_000, key);
    expect(part.body).toMatchObject({ code: 200, data: { status: 'PROCESSING', orderStatus: 'SUCCESS' } });
    // The same key and body answer the same refund; the same key with another amount is refused.
    expect((await refund(finance, orderNo, 3_000, key)).body.data.refundNo).toBe(part.body.data.refundNo);
    expect((await refund(finance, orderNo, 2_000, key)).body).toMatchObject({ code: 409, msg: /^idempotencyKey/ });
    // While it is processing, what is left is held.
    expect((await refund(finance, orderNo, 7_001)).body.code).toBe(409);
    expect((await refundNotify(payer, part.body.data.refundNo, 'SUCCESS')).body.data.status).toBe('SUCCESS');
    let d = (await detail(orderNo)).data;
    expect(d).toMatchObject({ status: 'PARTIAL_REFUNDED', refundedFen: 3_000, refundableFen: 7_000 });
    // Fee 38 fen; 30 % refunded gives back 11 fen (11.4 half-up).
    expect(d.refunds[0]).toMatchObject({
      status: 'SUCCESS',
      amountFen: 3_000,
      feeRefundFen: 11,
      createdBy: expect.any(String),
    });
    const rest = await refund(finance, orderNo, 7_000);
    await refundNotify(payer, rest.body.data.refundNo, 'SUCCESS');
    d = (await detail(orderNo)).data;
    expect(d).toMatchObject({ status: 'REFUNDED', refundedFen: 10_000, feeRefundedFen: 38, refundableFen: 0 });
    expect(d.timeline.map((e) => e.kind)).toEqual([
      'CREATED',
      'PAID',
      'REFUND_REQUESTED',
      'REFUNDED',
      'REFUND_REQUESTED',
      'REFUNDED',
    ]);
    // Postings: the payment and two refunds, each balanced.
    const sums = new Map<string, number>();
    for (const p of d.postings) sums.set(p.txNo, (sums.get(p.txNo) ?? 0) + p.amountFen);
    expect([...sums.values()]).toEqual([0, 0, 0]);
    expect((await refund(finance, orderNo, 1)).body).toMatchObject({ code: 409, msg: /REFUNDED cannot be refunded/ });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a failed refund gives the money back and the order can be refunded again', async () => {
    const orderNo = await paid(payer, counter, 5_000);
    const r = await refund(finance, orderNo, 5_000);
    await refundNotify(payer, r.body.data.refundNo, 'FAILED');
    const d = (await detail(orderNo)).data;
    expect(d).toMatchObject({ status: 'SUCCESS', refundedFen: 0, refundableFen: 5_000 });
    expect(d.refunds[0]).toMatchObject({ status: 'FAILED', failReason: expect.any(String) });
    // The reversal is the refund's entries with their signs turned.
    const entries = (kind: string, sign = 1) =>
      d.postings.filter((p) => p.kind === kind).map((p) => [p.account, sign * p.amountFen]);
    expect(entries('REFUND_REVERSAL')).toEqual(entries('REFUND', -1));
    expect((await refund(finance, orderNo, 5_000)).body.code).toBe(200);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses unpaid orders, other organisations’ orders and bad input with messages', async () => {
    const pending = (await pay(payer, counter, 100)).orderNo;
    expect((await refund(owner, pending, 100)).body.msg).toBe('orderNo: an order in status PENDING cannot be refunded');
    const bakery = await codeFor(t.database.db, 'M100000003');
    const theirs = await paid(payer, bakery, 100);
    expect((await refund(owner, theirs, 100)).body).toMatchObject({ code: 404, msg: 'Order not found' });
    expect((await detail(theirs)).code).toBe(404);
    const noReason = await owner.post('/api/merchant/order/refund', {
      orderNo: pending,
      amountFen: 1,
      reason: ' ',
      idempotencyKey: newKey(),
    });
    expect(noReason.body.msg).toBe('body.reason: is required');
  });

  it('exports every row of the filter as CSV (BOM, formula-safe) and XLSX that open with the right totals', async () => {
    const filter = { from: since, statuses: ['SUCCESS', 'PARTIAL_REFUNDED', 'REFUNDED'] };
    const expected = await summary(owner, filter);
    const exported = (format: string, client = owner) => {
      const x = t.app.xsrfToken(owner.token);
      return client.raw({
        method: 'POST',
        url: '/api/merchant/exportOrder',
        payload: { filter, format },
        headers: { token: owner.token!, cookie: `XSRF-TOKEN=${x}`, 'x-xsrf-token': x },
      });
    };
    const csv = { res: await exported('csv') };
    expect(csv.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers['content-disposition']).toMatch(/^attachment; filename="orders_.*\.csv"; filename\*=/);
    const text = csv.res.body;
    expect(text.startsWith('\uFEFFOrder no.,Merchant no.')).toBe(true);
    const lines = text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(expected.paidCount);
    expect(text).toContain("'=SUM(A1)"); // a label that looks like a formula is shown, not run
    const amounts = lines.map((l) => Math.round(Number(l.split(',').at(-5)) * 100));
    expect(amounts.reduce((s, x) => s + x, 0)).toBe(expected.amountFen);

    const zh = await exported('xlsx', t.client(owner.token, 'zh-CN'));
    expect(zh.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E8%AE%A2%E5%8D%95_/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('订单')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    expect(sheet.rowCount - 1).toBe(expected.paidCount);
    let total = 0;
    sheet.eachRow((row, i) => {
      if (i > 1) total += Math.round(Number(row.getCell(8).value) * 100);
    });
    expect(total).toBe(expected.amountFen);
  });

  it('every line of the list is its order as the detail shows it, and the answer is the contract’s OrderPage', async () => {
    // The database writes the list's lines (order-query.service.ts); the detail is made by listItem in JavaScript.
    // Orders of every kind are here: the demo's (paid, refunded in part or whole, closed) and this file's.
    const pending = await pay(payer, counter, 777);
    const held = await paid(payer, counter, 5_000);
    expect((await refund(owner, held, 1_234)).body.data.status).toBe('PROCESSING'); // held until the channel answers
    const res = await owner.post<OrderPage>('/api/merchant/order/list', { limit: 100 });
    expect(envelopeSchema(orderPage).safeParse(res.body).success).toBe(true);
    const rows = res.body.data.rows;
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.map((o) => o.orderNo)).toEqual(expect.arrayContaining([pending.orderNo, held]));
    expect(new Set(rows.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(rows.find((o) => o.orderNo === held)).toMatchObject({ refundableFen: 5_000 - 1_234, refundedFen: 0 });
    for (const row of rows) {
      const full = (await detail(row.orderNo)).data;
      expect(row).toEqual(Object.fromEntries(Object.keys(row).map((k) => [k, full[k as keyof OrderDetail]])));
    }
  });

  it('the welcome checklist ticks "first payment" from real data', async () => {
    const steps = (
      await owner.get<{ steps: { key: string; done: boolean }[] }>('/api/merchant/feeManager/getInitCompletionStatus')
    ).body.data;
    expect(JSON.stringify(steps)).toMatch(/"firstPayment"[^}]*"done":true|"done":true[^}]*"firstPayment"/);
  });
});
