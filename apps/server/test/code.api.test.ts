import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  CODE_NO_RE,
  type AuditPage,
  type CashierCode,
  type CodeBatch,
  type CodeBatchPage,
  type CodeBindAnswer,
  type CodeListItem,
  type CodePage,
  type InitCompletionStatus,
} from '@mchweb/contract';
import { DEMO_CODES } from '../src/sandbox/seed-demo.ts';
import { sheetFont } from '../src/modules/code/code-sheet.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

const M = '/api/merchant';
let t: TestApp;
let owner: TestClient;
let cashier: TestClient;
let finance: TestClient;
/** The owner again, working in the other organisation (the bakery). */
let bakery: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  [owner, cashier, finance, bakery] = [
    await t.signIn('13800138000'),
    await t.signIn('13800138003'),
    await t.signIn('13800138002'),
    await t.signIn('13800138000'),
  ];
  await bakery.post('/api/websession/changeCompany', { companyId: 2 });
});
afterAll(async () => t.close());

const createBatch = (client: TestClient, count: unknown) => client.post<CodeBatch>(`${M}/code/batch/create`, { count });
const codes = async (client: TestClient, body: object = {}) =>
  (await client.post<CodePage>(`${M}/code/list`, body)).body;
const codeOf = async (codeNo: string) => (await codes(owner, { codeNo })).data.rows[0]!;
const bind = (client: TestClient, body: object) => client.post<CodeBindAnswer>(`${M}/code/bind`, body);
const lastAudit = async (n = 1) =>
  (await owner.get<AuditPage>(`${M}/audit/list`, { limit: n })).body.data.items.map((a) => [a.action, a.targetId]);
/** A fresh UNBOUND code of the demo organisation. */
const freshCode = async () => {
  const batch = (await createBatch(owner, 1)).body.data;
  return (await codes(owner, { batchNo: batch.batchNo })).data.rows[0]!.codeNo;
};
const firstCodeDone = async (client: TestClient) =>
  (await client.get<InitCompletionStatus>(`${M}/feeManager/getInitCompletionStatus`)).body.data.steps.find(
    (s) => s.key === 'firstCode',
  )?.done;
/** A file answer (not JSON): its bytes and headers. */
const fileOf = (client: TestClient, url: string) =>
  client.raw({ method: 'GET', url, headers: { token: client.token! } });
const cashierView = (codeNo: string) => t.client().get<CashierCode>(`/api/pay/code/${codeNo}`);

describe('batches', () => {
  it('generates N codes with random 12-digit numbers in one batch, audited', async () => {
    const res = await createBatch(owner, 5);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      count: 5,
      counts: { UNBOUND: 5, BOUND: 0, DISABLED: 0 },
      createdBy: '王芳 Wang Fang',
    });
    expect(res.body.data.batchNo).toMatch(/^B\d{20}$/);
    const rows = (await codes(owner, { batchNo: res.body.data.batchNo })).data.rows;
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.codeNo)).size).toBe(5);
    for (const r of rows) {
      expect(r.codeNo).toMatch(CODE_NO_RE);
      expect(r).toMatchObject({ status: 'UNBOUND', mchNo: null, fixedAmountFen: null, label: null, boundAt: null });
    }
    expect(await lastAudit()).toEqual([['code.batch.create', res.body.data.batchNo]]);
  });

  it('takes 1 to 1000 codes; members without code:edit are refused', async () => {
    for (const count of [0, 1001, 2.5, '3']) {
      expect((await createBatch(owner, count)).body).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/^body\.count: /),
      });
    }
    expect((await createBatch(cashier, 1)).body.code).toBe(403);
    expect((await finance.post(`${M}/code/batch/list`, {})).body.code).toBe(403);
    const big = await createBatch(owner, 1000);
    expect(big.body.data.counts.UNBOUND).toBe(1000);
    const all = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: CodePage = (
        await codes(owner, { batchNo: big.body.data.batchNo, limit: 100, ...(cursor ? { cursor } : {}) })
      ).data;
      page.rows.forEach((r) => all.add(r.codeNo));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.size).toBe(1000);
  });

  it('lists batches newest first with counts per status, by keyset; the demo batch has every status', async () => {
    const list = (await cashier.post<CodeBatchPage>(`${M}/code/batch/list`, {})).body.data;
    const demo = list.rows.at(-1)!;
    expect(demo).toMatchObject({
      count: 6,
      counts: { UNBOUND: 3, BOUND: 2, DISABLED: 1 },
      createdBy: '王芳 Wang Fang',
    });
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CodeBatchPage = (
        await owner.post<CodeBatchPage>(`${M}/code/batch/list`, { limit: 1, ...(cursor ? { cursor } : {}) })
      ).body.data;
      walked.push(...page.rows.map((b) => b.batchNo));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(list.rows.map((b) => b.batchNo));
    const one = (await owner.post<CodeBatchPage>(`${M}/code/batch/list`, { batchNo: demo.batchNo })).body.data;
    expect(one.rows.map((b) => b.batchNo)).toEqual([demo.batchNo]);
    expect((await owner.post(`${M}/code/batch/list`, { cursor: 'x' })).body.msg).toBe(
      'body.cursor: is not a cursor this list gave out',
    );
  });
});

describe('the code list', () => {
  it('filters by status, merchant, code number, label and batch; rows name the merchant', async () => {
    const fixed = await codeOf(DEMO_CODES.fixedAmount);
    expect(fixed).toMatchObject({
      status: 'BOUND',
      mchNo: 'M100000001',
      mchName: '晨光咖啡西湖店 Morning Light West Lake',
      fixedAmountFen: 2500,
      label: '美式咖啡 Americano',
    });
    const numbers = async (body: object) =>
      (await codes(owner, { batchNo: fixed.batchNo, ...body })).data.rows.map((r) => r.codeNo);
    expect(await numbers({})).toEqual([
      '880000000001',
      '880000000002',
      '880000000003',
      '880000000004',
      '880000000005',
      '880000000006',
    ]);
    expect(await numbers({ status: ['BOUND'] })).toEqual([DEMO_CODES.fixedAmount, DEMO_CODES.typedAmount]);
    expect(await numbers({ status: ['DISABLED', 'UNBOUND'] })).toHaveLength(4);
    expect(await numbers({ mchNo: 'M100000002' })).toEqual([DEMO_CODES.typedAmount]);
    expect(await numbers({ label: 'americano' })).toEqual([DEMO_CODES.fixedAmount]);
    expect(await numbers({ label: '%' })).toEqual([]);
    expect(await numbers({ mchNo: 'M100000003' })).toEqual([]); // the bakery's merchant
    expect((await codes(owner, { codeNo: DEMO_CODES.typedAmount })).data.rows.map((r) => r.fixedAmountFen)).toEqual([
      null,
    ]);
    expect((await codes(owner, { status: ['LOST'] })).msg).toMatch(/^body\.status\.0: /);
  });

  it("another organisation sees none of the demo organisation's codes", async () => {
    expect((await codes(bakery)).data.rows).toEqual([]);
    expect((await codes(bakery, { codeNo: DEMO_CODES.fixedAmount })).data.rows).toEqual([]);
    expect((await bakery.post<CodeBatchPage>(`${M}/code/batch/list`, {})).body.data.rows).toEqual([]);
  });
});

describe('binding', () => {
  it('binds an UNBOUND code with a fixed amount and label; the cashier asks for that amount', async () => {
    const codeNo = await freshCode();
    const res = await bind(cashier, { codeNo, mchNo: 'M100000001', fixedAmountFen: 1250, label: ' 3号桌 ' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      codeNo,
      status: 'BOUND',
      mchNo: 'M100000001',
      fixedAmountFen: 1250,
      label: '3号桌',
      reboundFrom: null,
    });
    expect(res.body.data.boundAt).not.toBeNull();
    expect((await cashierView(codeNo)).body.data).toMatchObject({ fixedAmountFen: 1250, label: '3号桌' });
    expect(await lastAudit()).toEqual([['code.bind', codeNo]]);
  });

  it('rebinds a BOUND code to another merchant and says so; the amount and label are replaced', async () => {
    const codeNo = await freshCode();
    await bind(owner, { codeNo, mchNo: 'M100000001', fixedAmountFen: 800, label: 'A' });
    const same = await bind(owner, { codeNo, mchNo: 'M100000001', label: 'B' });
    expect(same.body.data).toMatchObject({ fixedAmountFen: null, label: 'B', reboundFrom: null });
    const moved = await bind(owner, { codeNo, mchNo: 'M100000002', fixedAmountFen: null, label: '' });
    expect(moved.body.data).toMatchObject({
      mchNo: 'M100000002',
      mchName: expect.stringContaining('滨江'),
      fixedAmountFen: null,
      label: null,
      reboundFrom: { mchNo: 'M100000001', mchName: '晨光咖啡西湖店 Morning Light West Lake' },
    });
    expect(await lastAudit(3)).toEqual([
      ['code.rebind', codeNo],
      ['code.bind', codeNo],
      ['code.bind', codeNo],
    ]);
    expect((await cashierView(codeNo)).body.data.fixedAmountFen).toBeNull();
  });

  it('refuses frozen, closed and foreign merchants, unknown and disabled codes, bad amounts', async () => {
    const codeNo = await freshCode();
    const refusal = async (body: object) => (await bind(owner, { codeNo, mchNo: 'M100000001', ...body })).body;
    expect(await refusal({ mchNo: 'M100000004' })).toMatchObject({
      code: 409,
      msg: 'mchNo: the merchant is frozen; codes are bound to active merchants only',
    });
    expect(await refusal({ mchNo: 'M100000005' })).toMatchObject({
      code: 409,
      msg: 'mchNo: the merchant is closed; codes are bound to active merchants only',
    });
    for (const mchNo of ['M100000003', 'M999999999']) {
      expect(await refusal({ mchNo })).toMatchObject({
        code: 404,
        msg: 'mchNo: no merchant with this number in this organisation',
      });
    }
    expect(await refusal({ codeNo: '999999999999' })).toMatchObject({
      code: 404,
      msg: 'codeNo: no payment code with this number in this organisation',
    });
    expect((await refusal({ fixedAmountFen: 0 })).msg).toBe('body.fixedAmountFen: must be at least ¥0.01');
    expect((await refusal({ fixedAmountFen: 9.5 })).msg).toBe('body.fixedAmountFen: must be a whole number of fen');
    expect((await refusal({ label: 'x'.repeat(31) })).msg).toBe('body.label: must be at most 30 characters');
    expect((await refusal({ codeNo: '123' })).msg).toBe('body.codeNo: must be a payment code number of 12 digits');
    expect((await bind(finance, { codeNo, mchNo: 'M100000001' })).body.code).toBe(403);
    expect((await codeOf(codeNo)).status).toBe('UNBOUND');

    const zh = t.client(owner.token, 'zh-CN');
    expect((await bind(zh, { codeNo, mchNo: 'M100000004' })).body.msg).toBe(
      'mchNo: 该商户已冻结，收款码只能绑定到正常状态的商户',
    );
    expect((await bind(zh, { codeNo, mchNo: 'M100000001', fixedAmountFen: 0 })).body.msg).toBe(
      'body.fixedAmountFen: 不能少于 ¥0.01',
    );
    expect((await bind(zh, { codeNo: '1', mchNo: 'M100000001', fixedAmountFen: 1.5 })).body.msg).toBe(
      'body.codeNo: 须为 12 位数字的收款码编号; body.fixedAmountFen: 须为整数（单位：分）',
    );
  });

  it('unbinds a BOUND code; the cashier then refuses it', async () => {
    const codeNo = await freshCode();
    await bind(owner, { codeNo, mchNo: 'M100000001', fixedAmountFen: 500, label: 'till' });
    const res = await cashier.post<CodeListItem>(`${M}/code/unbind`, { codeNo });
    expect(res.body.data).toMatchObject({
      status: 'UNBOUND',
      mchNo: null,
      fixedAmountFen: null,
      label: null,
      boundAt: null,
    });
    expect(await lastAudit()).toEqual([['code.unbind', codeNo]]);
    expect((await cashierView(codeNo)).body.code).toBe(409);
    expect((await cashier.post(`${M}/code/unbind`, { codeNo })).body).toMatchObject({
      code: 409,
      msg: 'codeNo: the code is not bound to a merchant',
    });
    expect((await finance.post(`${M}/code/unbind`, { codeNo })).body.code).toBe(403);
  });
});

describe('disabling', () => {
  it('is final: bind and unbind refuse, the cashier refuses, a second disable changes nothing', async () => {
    const codeNo = await freshCode();
    await bind(owner, { codeNo, mchNo: 'M100000002', label: 'lost sticker' });
    expect((await cashier.post(`${M}/code/disable`, { codeNo })).body.code).toBe(403);
    const res = await owner.post<CodeListItem>(`${M}/code/disable`, { codeNo });
    expect(res.body.data).toMatchObject({ status: 'DISABLED', mchNo: 'M100000002', label: 'lost sticker' });
    expect(res.body.data.disabledAt).not.toBeNull();
    expect(await lastAudit()).toEqual([['code.disable', codeNo]]);
    const again = await owner.post<CodeListItem>(`${M}/code/disable`, { codeNo });
    expect(again.body).toMatchObject({ code: 200, data: { status: 'DISABLED', disabledAt: res.body.data.disabledAt } });
    expect(await lastAudit()).toEqual([['code.disable', codeNo]]);
    const disabled = { code: 409, msg: 'codeNo: the code is disabled for good; take another code' };
    expect((await bind(owner, { codeNo, mchNo: 'M100000001' })).body).toMatchObject(disabled);
    expect((await owner.post(`${M}/code/unbind`, { codeNo })).body).toMatchObject(disabled);
    expect((await cashierView(codeNo)).body.code).toBe(409);
  });
});

describe("another organisation's codes, batches and merchants", () => {
  it('are not found, whatever the call', async () => {
    const notFound = { code: 404, msg: 'codeNo: no payment code with this number in this organisation' };
    expect((await bind(bakery, { codeNo: DEMO_CODES.typedAmount, mchNo: 'M100000003' })).body).toMatchObject(notFound);
    expect((await bakery.post(`${M}/code/unbind`, { codeNo: DEMO_CODES.typedAmount })).body).toMatchObject(notFound);
    expect((await bakery.post(`${M}/code/disable`, { codeNo: DEMO_CODES.typedAmount })).body).toMatchObject(notFound);
    expect((await bakery.get(`${M}/code/png`, { codeNo: DEMO_CODES.typedAmount })).body).toMatchObject(notFound);
    const batchNo = (await codeOf(DEMO_CODES.typedAmount)).batchNo;
    expect((await bakery.get(`${M}/code/sheet`, { batchNo })).body).toMatchObject({
      code: 404,
      msg: 'batchNo: no batch with this number in this organisation',
    });
    // The bakery's own code cannot be bound to the coffee shop's merchant either. Its first code ticks the
    // getting-started step "first payment code" (the demo organisation's is ticked by the demo batch).
    expect(await firstCodeDone(owner)).toBe(true);
    expect(await firstCodeDone(bakery)).toBe(false);
    const own = (await createBatch(bakery, 1)).body.data;
    expect(await firstCodeDone(bakery)).toBe(true);
    const bakeryCode = (await codes(bakery, { batchNo: own.batchNo })).data.rows[0]!.codeNo;
    expect((await bind(bakery, { codeNo: bakeryCode, mchNo: 'M100000001' })).body.code).toBe(404);
    expect((await bind(bakery, { codeNo: bakeryCode, mchNo: 'M100000003' })).body.data.status).toBe('BOUND');
    expect((await codeOf(DEMO_CODES.typedAmount)).status).toBe('BOUND');
  });
});

/** Every content stream of a PDF, inflated. */
function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      found.push(zlib.inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a Flate stream (a font program)
    }
  }
  return found;
}
/** Text drawn with a standard font: pdfkit writes it as hex in `<...> Tj`/TJ arrays. */
const hexOf = (s: string) => Buffer.from(s, 'latin1').toString('hex');

describe('the printable sheet and the PNG', () => {
  it('the batch is an A4 PDF attachment: 12 codes a page, every number printed, Chinese names in a CJK font', async () => {
    const batch = (await createBatch(owner, 13)).body.data;
    const raw = await fileOf(owner, `${M}/code/sheet?batchNo=${batch.batchNo}`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.headers['content-disposition']).toBe(
      `attachment; filename="payment-codes_${batch.batchNo}.pdf"; filename*=UTF-8''payment-codes_${batch.batchNo}.pdf`,
    );
    const pdf = raw.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const content = pdfStreams(pdf).join('\n').toLowerCase();
    const numbers = (await codes(owner, { batchNo: batch.batchNo, limit: 100 })).data.rows.map((r) => r.codeNo);
    for (const codeNo of numbers) expect(content).toContain(hexOf(codeNo.replace(/(\d{4})(?=\d)/g, '$1 ')));
    if (await sheetFont(null)) expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);

    const zh = await fileOf(t.client(owner.token, 'zh-CN'), `${M}/code/sheet?batchNo=${batch.batchNo}`);
    expect(zh.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('收款码')}_${batch.batchNo}.pdf`,
    );
  });

  it('a sheet of 1000 codes has 84 pages', async () => {
    const batch = (await owner.post<CodeBatchPage>(`${M}/code/batch/list`, { limit: 100 })).body.data.rows.find(
      (b) => b.count === 1000,
    )!;
    const raw = await fileOf(owner, `${M}/code/sheet?batchNo=${batch.batchNo}`);
    expect(raw.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(84);
  });

  it("one code's PNG holds its cashier address on the request's origin", async () => {
    const raw = await fileOf(cashier, `${M}/code/png?codeNo=${DEMO_CODES.fixedAmount}`);
    expect(raw.headers['content-type']).toBe('image/png');
    expect(raw.headers['content-disposition']).toContain(`payment-codes_${DEMO_CODES.fixedAmount}.png`);
    const png = PNG.sync.read(raw.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`http://localhost:80/mchweb/pay/${DEMO_CODES.fixedAmount}`);
    expect((await finance.get(`${M}/code/png`, { codeNo: DEMO_CODES.fixedAmount })).body.code).toBe(403);
    expect((await owner.get(`${M}/code/png`, { codeNo: '12' })).body.msg).toBe(
      'querystring.codeNo: must be a payment code number of 12 digits',
    );
  });
});

describe('MCHWEB_PUBLIC_ORIGIN', () => {
  it('QR codes point to the configured public origin', async () => {
    const app = await createTestApp({ config: { publicOrigin: 'https://pay.example.com' } });
    try {
      const me = await app.signIn('13800138000');
      const raw = await fileOf(me, `${M}/code/png?codeNo=${DEMO_CODES.typedAmount}`);
      const png = PNG.sync.read(raw.rawPayload);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
        `https://pay.example.com/mchweb/pay/${DEMO_CODES.typedAmount}`,
      );
    } finally {
      await app.close();
    }
  });
});
