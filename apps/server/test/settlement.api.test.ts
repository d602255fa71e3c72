import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillSummary,
  DashboardOverview,
  MovementPage,
  OrderSummary,
  SettlementItem,
  SettlementPage,
  SettlementSummary,
  TransferSummary,
} from '@mchweb/contract';
import { and, eq, sql } from 'drizzle-orm';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { settlements as settlementsTable } from '../src/modules/settlement/settlement.tables.ts';
import { createTestApp, download, type TestApp, type TestClient } from './harness.ts';
import { codeFor, paid, shanghaiDay } from './payment-fixtures.ts';

// The demo data's 30 days of orders, settled T+1 at seed time: settlements, bills, exports and the dashboard must
// all tell the same story, to the fen.
let t: TestApp;
let owner: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
  cashier = await t.signIn('13800138003');
  // Today has trade at any hour (just after midnight in Shanghai the demo's today may have none yet): the
  // dashboard's pending money and the unsettled day the reconciliation names.
  await paid(t.client(), await codeFor(t.database.db, 'M100000001'), 1234);
});
afterAll(async () => t.close());

const M = '/api/merchant';
const settlementsOf = async (body: object = {}) =>
  (await owner.post<SettlementPage>(`${M}/settlement/list`, { limit: 100, ...body })).body.data.rows;
const file = (url: string, payload: object, client = owner) => download(t, client, url, payload);
const figures = (x: { tradeCount: number; tradeFen: number; refundFen: number; feeFen: number; netFen: number }) => ({
  tradeCount: x.tradeCount,
  tradeFen: x.tradeFen,
  refundFen: x.refundFen,
  feeFen: x.feeFen,
  netFen: x.netFen,
});

describe('settlements of the demo data', () => {
  it('lists a SETTLED record per merchant-day with trade, and totals that add up', async () => {
    const rows = await settlementsOf();
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['SETTLED']));
    expect(rows.every((r) => r.netFen === r.tradeFen - r.refundFen - r.feeFen - r.splitFen)).toBe(true);
    const sum = (await owner.post<SettlementSummary>(`${M}/settlement/summary`, {})).body.data;
    expect(sum.count).toBe(rows.length);
    expect(sum.netFen).toBe(rows.reduce((s, r) => s + r.netFen, 0));
    const one = rows[0]!;
    const byMerchant = await settlementsOf({ mchNos: [one.mchNo], from: one.settleDate, to: one.settleDate });
    expect(byMerchant.map((r) => r.settleNo)).toEqual([one.settleNo]);
    expect(await settlementsOf({ statuses: ['FAILED'] })).toEqual([]);
    expect((await cashier.post(`${M}/settlement/list`, {})).body.code).toBe(403);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("a settlement's movements are its payments and refunds, adding up to its figures", async () => {
    const s = (await settlementsOf()).find((r) => r.refundCount > 0) ?? (await settlementsOf())[0]!;
    const d = (await owner.get<SettlementItem>(`${M}/settlement/detail`, { settleNo: s.settleNo })).body.data;
    expect(d).toEqual(s);
    const rows: MovementPage['rows'] = [];
    let cursor: string | null = null;
    do {
      const page: MovementPage = (
        await owner.post<MovementPage>(`${M}/settlement/movements`, {
          settleNo: s.settleNo,
          limit: 7,
          cursor: cursor ?? undefined,
        })
      ).body.data;
      rows.push(...page.rows);
      cursor = page.nextCursor;
    } while (cursor);
    expect(rows.filter((r) => r.kind === 'PAYMENT')).toHaveLength(s.tradeCount);
    expect(rows.reduce((x, r) => x + r.netFen, 0)).toBe(s.netFen);
    expect(rows.every((r) => r.mchNo === s.mchNo && /^P\d{20}$/.test(r.orderNo))).toBe(true);
    expect((await owner.get(`${M}/settlement/detail`, { settleNo: 'S20200101M100000001' })).body.code).toBe(404);
  });
});

describe('the trade bill', () => {
  it("agrees to the fen with that day's settlement and with the orders paid that day", async () => {
    const s = (await settlementsOf()).find((r) => r.tradeCount > 2)!;
    const bill = (await owner.post<BillSummary>(`${M}/bill/summary`, { mchNo: s.mchNo, date: s.settleDate })).body.data;
    expect(bill.hasTrade).toBe(true);
    expect(figures(bill.total)).toEqual(figures(s));
    expect(bill.settlements).toEqual([{ settleNo: s.settleNo, mchNo: s.mchNo, status: 'SETTLED', netFen: s.netFen }]);
    expect(bill.byChannel.reduce((x, c) => x + c.tradeFen, 0)).toBe(bill.total.tradeFen);
    const paidThatDay = (
      await owner.post<OrderSummary>(`${M}/order/summary`, {
        timeField: 'paid',
        from: s.settleDate,
        to: s.settleDate,
        mchNos: [s.mchNo],
      })
    ).body.data;
    expect([paidThatDay.paidCount, paidThatDay.amountFen]).toEqual([bill.total.tradeCount, bill.total.tradeFen]);
  });

  it('the organisation-day adds up its merchants; a day without trade says so', async () => {
    const day = shanghaiDay(-3);
    const all = (await owner.post<BillSummary>(`${M}/bill/summary`, { date: day })).body.data;
    const perMerchant = (await settlementsOf({ from: day, to: day })).reduce((x, r) => x + r.netFen, 0);
    expect(all.total.netFen).toBe(perMerchant);
    const empty = (await owner.post<BillSummary>(`${M}/bill/summary`, { date: '2020-01-01' })).body.data;
    expect(empty).toMatchObject({ hasTrade: false, byChannel: [], settlements: [] });
    expect((await owner.post(`${M}/bill/summary`, { mchNo: 'M100000003', date: day })).body.code).toBe(404);
  });

  it('exports in the WeChat trade-bill style: CSV with a summary block, XLSX with two sheets, totals as the page', async () => {
    const s = (await settlementsOf()).find((r) => r.tradeCount > 2)!;
    const bill = (await owner.post<BillSummary>(`${M}/bill/summary`, { mchNo: s.mchNo, date: s.settleDate })).body.data;
    const csv = await file(`${M}/exportTradeBill`, { mchNo: s.mchNo, date: s.settleDate, format: 'csv' });
    expect(csv.headers['content-disposition']).toMatch(/trade-bill_M\d+_\d{4}-\d{2}-\d{2}\.csv/);
    const [rows, summary] = csv.body.replace(/^\uFEFF/, '').split('\n\n');
    const lines = rows!.trim().split('\n');
    expect(lines[0]).toMatch(/^Time,Merchant no\.,Channel,Order no\./);
    expect(lines.slice(1).filter((l) => l.includes(',SUCCESS,'))).toHaveLength(bill.total.tradeCount);
    const [head, values] = summary!.trim().split('\n');
    expect(head).toMatch(/^Trades,Trade total/);
    const cells = values!.split(',');
    expect(Number(cells[0])).toBe(bill.total.tradeCount);
    expect(Math.round(Number(cells[1]) * 100)).toBe(bill.total.tradeFen);
    expect(Math.round(Number(cells[6]) * 100)).toBe(bill.total.netFen);

    const xlsx = await file(`${M}/exportTradeBill`, { mchNo: s.mchNo, date: s.settleDate, format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Transactions', 'Summary']);
    expect(Math.round(Number(book.getWorksheet('Summary')!.getRow(2).getCell(7).value) * 100)).toBe(bill.total.netFen);
  });

  it("the export's summary block agrees with the page's totals on a settled day, today (not settled) and a day half settled", async () => {
    const block = async (date: string) => {
      const csv = await file(`${M}/exportTradeBill`, { date, format: 'csv' });
      const cells = csv.body.trim().split('\n').at(-1)!.split(',').map(Number);
      const [tradeCount, tradeFen, refundCount, refundFen, feeFen, splitFen, netFen] = cells as number[];
      return {
        tradeCount,
        tradeFen: Math.round(tradeFen! * 100),
        refundCount,
        refundFen: Math.round(refundFen! * 100),
        feeFen: Math.round(feeFen! * 100),
        splitFen: Math.round(splitFen! * 100),
        netFen: Math.round(netFen! * 100),
      };
    };
    const page = async (date: string) => (await owner.post<BillSummary>(`${M}/bill/summary`, { date })).body.data;
    for (const date of [shanghaiDay(-2), shanghaiDay(0)]) {
      const { total, settlements } = await page(date);
      expect(settlements.length > 0).toBe(date !== shanghaiDay(0));
      expect(await block(date)).toEqual(total);
    }
    // Half settled: one merchant's settlement of the day taken back (as if the job were still running), restored after.
    const day = shanghaiDay(-4);
    const before = await page(day);
    const [gone] = await t.database.db
      .delete(settlementsTable)
      .where(and(eq(settlementsTable.settleDate, day), eq(settlementsTable.settleNo, before.settlements[0]!.settleNo)))
      .returning();
    try {
      const half = await page(day);
      expect(half.settlements).toHaveLength(before.settlements.length - 1);
      expect(half.total).toEqual({
        ...before.total,
        splitFen: before.total.splitFen - gone!.splitFen,
        netFen: before.total.netFen + gone!.splitFen,
      });
      expect(await block(day)).toEqual(half.total);
    } finally {
      const { id: _id, ...row } = gone!; // the identity column takes its own next value
      await t.database.db.insert(settlementsTable).values(row);
    }
    expect(await block(day)).toEqual(before.total);
  });

  it('exports settlements with the rows of the list', async () => {
    const rows = await settlementsOf();
    const csv = await file(`${M}/exportSettlement`, { filter: {}, format: 'csv' });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[1]).toContain(rows[0]!.settleNo);
  });
});

describe('reconciliation', () => {
  it('finds no difference on the settled demo days, and names a tampered settlement and a day not settled', async () => {
    const reconcile = (day: string, now?: Date) =>
      reconcileDay(t.database.db, RECONCILE_CHECKS, day, { tz: 'Asia/Shanghai', settleAt: '02:00', now });
    for (const back of [1, 2, 5, 20])
      expect(await reconcile(shanghaiDay(-back), new Date(Date.now() + 86_400_000))).toEqual({
        differences: [],
        open: [],
      });
    const s = (await settlementsOf({ from: shanghaiDay(-3), to: shanghaiDay(-3) }))[0]!;
    await t.database.db.execute(sql`update settlements set net_fen = net_fen + 1 where settle_no = ${s.settleNo}`);
    const { differences: problems } = await reconcile(shanghaiDay(-3));
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${s.mchNo}: settlement ${s.settleNo} has .*, the ledger `)),
    ]);
    await t.database.db.execute(sql`update settlements set net_fen = net_fen - 1 where settle_no = ${s.settleNo}`);
    // Today is open (its settlement is still to come), not a difference; once due, it is one.
    const today = await reconcile(shanghaiDay(0));
    expect(today.differences).toEqual([]);
    expect(today.open.join('\n')).toMatch(new RegExp(`^M\\d+: ${shanghaiDay(0)} is not settled yet`, 'm'));
    const later = await reconcile(shanghaiDay(0), new Date(Date.now() + 2 * 86_400_000));
    expect(later.differences.join('\n')).toMatch(/no settlement/);
    expect(later.open).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('answers today, yesterday, 30 days, channels, top merchants and balances from the totals and the ledger', async () => {
    const o = (await owner.get<DashboardOverview>(`${M}/dashboard/overview`)).body.data;
    expect(o.trend).toHaveLength(30);
    expect(o.trend.at(-1)!.day).toBe(shanghaiDay(0));
    const yesterday = (
      await owner.post<OrderSummary>(`${M}/order/summary`, { from: shanghaiDay(-1), to: shanghaiDay(-1) })
    ).body.data;
    expect([o.yesterday.count, o.yesterday.amountFen, o.yesterday.netFen]).toEqual([
      yesterday.paidCount,
      yesterday.amountFen,
      yesterday.netFen,
    ]);
    expect(o.channels.reduce((x, c) => x + c.amountFen, 0)).toBe(o.trend.reduce((x, d) => x + d.amountFen, 0));
    expect(o.topMerchants[0]!.amountFen).toBeGreaterThanOrEqual(o.topMerchants.at(-1)!.amountFen);
    const settled = (await owner.post<SettlementSummary>(`${M}/settlement/summary`, { from: '2000-01-01' })).body.data;
    // Settled money less what left by transfers (the demo paid one out; its refused one came back).
    const out = (await owner.post<TransferSummary>(`${M}/transfer/summary`, { from: '2000-01-01' })).body.data;
    expect(o.availableFen).toBe(settled.netFen - out.successFen - out.processingFen);
    expect(out.successFen).toBeGreaterThan(0);
    expect(o.pendingFen).toBeGreaterThan(0); // today's trade waits for tomorrow
    expect((await cashier.get(`${M}/dashboard/overview`)).body.code).toBe(403);
  });
});
