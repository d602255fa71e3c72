import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';

/**
 * A local Alipay OpenAPI gateway for the tests, speaking the real protocol with RSA keys made here: a form POST
 * (or, for wap.pay, the payer's GET) of method, app_id, charset, sign_type RSA2, timestamp, version, biz_content
 * and sign, the signature checked against the application's public key (isv.invalid-signature otherwise, as the
 * real one answers); answers `{<method>_response: {...}, sign}` signed with "Alipay's" private key over the
 * response object's text; asynchronous notices as signed forms; the trade bill as a zip of GBK CSV; the auth_base
 * sign-in; and misbehaviour on demand. Written from Alipay's documentation, not from the server's adapter.
 */

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  /** Fen. */
  total: number;
  subject: string;
  method: string;
  productCode: string;
  smid: string | null;
  appAuthToken: string | null;
  buyerId: string | null;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt: Date | null;
  notifyUrl: string | null;
  /** Fen refunded so far. */
  refunded: number;
}

export interface FakeAlipayRefund {
  outRequestNo: string;
  outTradeNo: string;
  amount: number;
  status: 'PROCESSING' | 'REFUND_SUCCESS';
  at: Date;
}

/** How a notice is spoiled: one byte changed after signing, signed by another key, for another app_id. */
export type AlipayTamper = 'byte' | 'wrongKey' | 'wrongApp';

export interface AlipayNoticeOptions {
  tamper?: AlipayTamper;
  /** Send it this many times (Alipay resends until it reads `success`). */
  times?: number;
}

export type AlipayAnswerMode = 'normal' | 'badSignature' | 'silent';

export interface AlipayDelivery {
  status: number;
  body: string;
}

/** Notices delivered by a Fastify app's inject (API tests) rather than over HTTP: the fake's `deliver`. */
export const injectedInto =
  (app: {
    inject(req: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }): Promise<{
      statusCode: number;
      body: string;
    }>;
  }) =>
  async (url: string, body: string): Promise<AlipayDelivery> => {
    const res = await app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: body,
    });
    return { status: res.statusCode, body: res.body };
  };

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const fen = (y: string) => Math.round(Number(y) * 100);
/** Alipay's times: Beijing, `yyyy-MM-dd HH:mm:ss`. */
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
/** Alipay's string to sign: the fields but sign (and sign_type, for notices), by name, `k=v` joined by `&`. */
const signString = (fields: Record<string, string>, without: string[]) =>
  Object.keys(fields)
    .filter((k) => !without.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

let gbkTable: Map<string, number[]> | null = null;
/** GBK bytes of a text (the bill's encoding): the table built once from the platform's GBK decoder. */
function gbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return new Uint8Array(out);
}

export class AlipayFake {
  readonly appId = '2021000000000001';
  /** The application's key pair: the server signs with the private half, the fake verifies with the public. */
  readonly app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** "Alipay's" key pair: the fake signs with the private half, the server verifies with the public. */
  readonly alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

  readonly trades = new Map<string, FakeTrade>();
  readonly refunds = new Map<string, FakeAlipayRefund>();
  /** Every call the server made: method, whether its signature held, and its parameters. */
  readonly requests: {
    method: string;
    signed: boolean;
    params: Record<string, string>;
    biz: Record<string, unknown>;
  }[] = [];
  readonly deliveries: AlipayDelivery[] = [];
  answerMode: AlipayAnswerMode = 'normal';
  /** Refunds succeed when asked (Alipay's usual answer, fund_change Y) or wait for `finishRefund`. */
  refundsAtOnce = false;
  /** app_auth_tokens whose bill query fails (Alipay's system error), as a merchant's bill can at a bad moment. */
  readonly failingBills = new Set<string>();
  /** The user id auth_base gives out (one payer). */
  userId = `2088${String(crypto.randomInt(1e12)).padStart(12, '0')}`;

  deliver: (url: string, body: string) => Promise<AlipayDelivery> = async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return { status: res.status, body: await res.text() };
  };

  url = '';
  private server: http.Server | null = null;
  private dir: string | null = null;
  private codes = new Set<string>();
  private bills = new Map<string, Uint8Array>();

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's ALIPAY_* settings pointing at this fake; the public key written bare, as Alipay's tool does. */
  env(publicOrigin: string): Record<string, string> {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-fake-'));
    const privateFile = path.join(this.dir, 'app_private_key.pem');
    const publicFile = path.join(this.dir, 'alipay_public_key.txt');
    fs.writeFileSync(privateFile, pem(this.app.privateKey, 'pkcs8'));
    fs.writeFileSync(publicFile, this.alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY_FILE: privateFile,
      ALIPAY_PUBLIC_KEY_FILE: publicFile,
      ALIPAY_GATEWAY: `${this.url}/gateway.do`,
      ALIPAY_OAUTH_URL: `${this.url}/oauth2/publicAppAuthorize.htm`,
      MCHWEB_PUBLIC_ORIGIN: publicOrigin,
    };
  }

  // ---- the payer's side ----

  /** The payer pays the trade (scanned the QR, tradePay in the app, the wap page); its notice follows. */
  async pay(outTradeNo: string, notice: AlipayNoticeOptions | 'none' = {}): Promise<FakeTrade> {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`the fake has no trade ${outTradeNo}`);
    if (t.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${outTradeNo} is ${t.status}, cannot be paid`);
    t.status = 'TRADE_SUCCESS';
    t.paidAt = new Date();
    t.buyerId ??= this.userId;
    if (notice !== 'none') await this.notifyTrade(outTradeNo, notice);
    return t;
  }

  /** AlipayJSBridge tradePay({tradeNO}): pays the trade of that trade_no (made by trade.create for this buyer). */
  async tradePay(tradeNo: string, notice: AlipayNoticeOptions | 'none' = {}): Promise<FakeTrade> {
    const t = [...this.trades.values()].find((x) => x.tradeNo === tradeNo);
    if (!t) throw new Error(`no trade has trade_no ${tradeNo}`);
    return this.pay(t.outTradeNo, notice);
  }

  /** The payer's browser opens the wap.pay URL the server made: the gateway checks it and makes the trade. */
  async openWap(url: string): Promise<{ status: number; body: string }> {
    const res = await fetch(url);
    return { status: res.status, body: await res.text() };
  }

  /** The refund is done at Alipay; the trade's notice (with out_biz_no and refund_fee) follows unless 'none'. */
  async finishRefund(outRequestNo: string, notice: AlipayNoticeOptions | 'none' = {}): Promise<AlipayDelivery[]> {
    const r = this.refunds.get(outRequestNo);
    if (!r) throw new Error(`the fake has no refund ${outRequestNo}`);
    r.status = 'REFUND_SUCCESS';
    r.at = new Date();
    if (notice === 'none') return [];
    return this.notifyTrade(r.outTradeNo, notice, r);
  }

  /** Send the trade's notice (again), optionally spoiled; with `refund`, the notice of that refund. */
  async notifyTrade(outTradeNo: string, opts: AlipayNoticeOptions = {}, refund?: FakeAlipayRefund) {
    const t = this.trades.get(outTradeNo)!;
    const fields: Record<string, string> = {
      notify_time: beijing(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomBytes(16).toString('hex'),
      app_id: opts.tamper === 'wrongApp' ? '2021000000009999' : this.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_id: t.buyerId ?? '',
      trade_status: t.status,
      total_amount: yuan(t.total),
      receipt_amount: yuan(t.total),
      subject: t.subject,
      gmt_create: beijing(new Date()),
      ...(t.paidAt ? { gmt_payment: beijing(t.paidAt) } : {}),
      ...(t.appAuthToken ? { auth_app_id: '2021000000000777' } : {}),
      ...(refund
        ? { out_biz_no: refund.outRequestNo, refund_fee: yuan(t.refunded), gmt_refund: beijing(refund.at) }
        : {}),
    };
    const key = opts.tamper === 'wrongKey' ? this.stranger.privateKey : this.alipay.privateKey;
    fields.sign = crypto.sign('sha256', Buffer.from(signString(fields, ['sign', 'sign_type'])), key).toString('base64');
    fields.sign_type = 'RSA2';
    // One byte of a signed field changed after signing: a digit of the amount.
    if (opts.tamper === 'byte') fields.total_amount = fields.total_amount!.replace(/\d$/, (d) => String((+d + 1) % 10));
    const body = new URLSearchParams(fields).toString();
    const out: AlipayDelivery[] = [];
    for (let n = 0; n < (opts.times ?? 1); n++) {
      const d = await this.deliver(t.notifyUrl!, body);
      this.deliveries.push(d);
      out.push(d);
    }
    return out;
  }

  // ---- the gateway ----

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', this.url);
    if (u.pathname === '/oauth2/publicAppAuthorize.htm') return this.authorize(u.searchParams, res);
    if (u.pathname.startsWith('/bill/')) {
      const zip = this.bills.get(u.pathname.slice(6));
      res.writeHead(zip ? 200 : 404, { 'Content-Type': 'application/zip' });
      return res.end(zip ?? '');
    }
    if (u.pathname !== '/gateway.do') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const params = Object.fromEntries([...u.searchParams, ...new URLSearchParams(body)]);
    const method = params.method ?? '';
    const signed =
      params.app_id === this.appId &&
      params.sign_type === 'RSA2' &&
      crypto.verify(
        'sha256',
        Buffer.from(signString(params, ['sign'])),
        this.app.publicKey,
        Buffer.from(params.sign ?? '', 'base64'),
      );
    const biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
    this.requests.push({ method, signed, params, biz });
    if (!signed)
      return this.answer(res, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    if (method === 'alipay.trade.wap.pay') {
      const made: Record<string, unknown> = this.create(method, params, biz);
      res.writeHead(made.code === '10000' ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<html><body>支付宝 ${String(made.out_trade_no ?? made.sub_code)}</body></html>`);
    }
    return this.answer(res, method, this.call(method, params, biz));
  }

  private answer(res: http.ServerResponse, method: string, data: Record<string, unknown>) {
    if (this.answerMode === 'silent') return; // never answers: the server's call times out
    const key = method === 'alipay.system.oauth.token' && data.code ? 'error_response' : null;
    const text = JSON.stringify(data);
    const signer = this.answerMode === 'badSignature' ? this.stranger.privateKey : this.alipay.privateKey;
    const sign = crypto.sign('sha256', Buffer.from(text), signer).toString('base64');
    res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' });
    res.end(`{"${key ?? `${method.replaceAll('.', '_')}_response`}":${text},"sign":"${sign}"}`);
  }

  private call(method: string, params: Record<string, string>, biz: Record<string, unknown>) {
    const fail = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });
    const ok = (more: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...more });
    const t = this.trades.get(String(biz.out_trade_no));
    switch (method) {
      case 'alipay.trade.precreate':
      case 'alipay.trade.create':
        return this.create(method, params, biz);
      case 'alipay.trade.query':
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return ok({
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          trade_status: t.status,
          total_amount: yuan(t.total),
          ...(t.buyerId ? { buyer_user_id: t.buyerId } : {}),
        });
      case 'alipay.trade.close':
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (t.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        t.status = 'TRADE_CLOSED';
        return ok({ trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
      case 'alipay.trade.refund': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const no = String(biz.out_request_no);
        const known = this.refunds.get(no);
        if (!known) {
          const amount = fen(String(biz.refund_amount));
          if (t.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
          if (amount + t.refunded > t.total) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          const status = this.refundsAtOnce ? 'REFUND_SUCCESS' : 'PROCESSING';
          this.refunds.set(no, { outRequestNo: no, outTradeNo: t.outTradeNo, amount, status, at: new Date() });
          t.refunded += amount;
          if (t.refunded === t.total) t.status = 'TRADE_CLOSED';
        }
        return ok({ trade_no: t.tradeNo, out_trade_no: t.outTradeNo, fund_change: 'Y', refund_fee: yuan(t.refunded) });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const r = this.refunds.get(String(biz.out_request_no));
        if (!r || r.status !== 'REFUND_SUCCESS') return ok({ out_trade_no: t.outTradeNo });
        return ok({
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          out_request_no: r.outRequestNo,
          refund_amount: yuan(r.amount),
          total_amount: yuan(t.total),
          refund_status: 'REFUND_SUCCESS',
        });
      }
      case 'alipay.system.oauth.token':
        if (params.grant_type !== 'authorization_code' || !this.codes.delete(params.code ?? ''))
          return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' };
        return { user_id: this.userId, access_token: 'fake', expires_in: 1296000, re_expires_in: 2592000 };
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (params.app_auth_token && this.failingBills.has(params.app_auth_token))
          return {
            code: '20000',
            msg: 'Service Currently Unavailable',
            sub_code: 'isp.unknow-error',
            sub_msg: '系统繁忙',
          };
        return this.bill(String(biz.bill_date), params.app_auth_token ?? null);
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: method };
    }
  }

  /** precreate / create / wap.pay: a trade in the name of the sub-merchant (smid) or the authorising merchant. */
  private create(method: string, params: Record<string, string>, biz: Record<string, unknown>) {
    const smid = (biz.sub_merchant as { merchant_id?: string } | undefined)?.merchant_id ?? null;
    const token = params.app_auth_token ?? null;
    if (!smid && !token)
      return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '缺少二级商户信息' };
    if (method === 'alipay.trade.create' && !biz.buyer_id && !biz.buyer_open_id)
      return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.BUYER_NOT_EXIST', sub_msg: '买家不存在' };
    const outTradeNo = String(biz.out_trade_no);
    const total = fen(String(biz.total_amount));
    const known = this.trades.get(outTradeNo);
    if (known && known.total !== total)
      return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.CONTEXT_INCONSISTENT', sub_msg: '交易信息被篡改' };
    const t: FakeTrade = known ?? {
      outTradeNo,
      tradeNo: `2026${Date.now()}${crypto.randomInt(1e6)}`,
      total,
      subject: String(biz.subject),
      method,
      productCode: String(biz.product_code ?? 'FACE_TO_FACE_PAYMENT'),
      smid,
      appAuthToken: token,
      buyerId: (biz.buyer_id as string | undefined) ?? null,
      status: 'WAIT_BUYER_PAY',
      paidAt: null,
      notifyUrl: params.notify_url ?? null,
      refunded: 0,
    };
    this.trades.set(outTradeNo, t);
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: outTradeNo,
      ...(method === 'alipay.trade.precreate' ? { qr_code: `https://qr.alipay.com/bax0${t.tradeNo.slice(-8)}` } : {}),
      ...(method === 'alipay.trade.create' ? { trade_no: t.tradeNo } : {}),
    };
  }

  /** auth_base: the payer agrees at once; back to redirect_uri with an auth_code and the state. */
  private authorize(q: URLSearchParams, res: http.ServerResponse) {
    if (q.get('app_id') !== this.appId || q.get('scope') !== 'auth_base') return void res.writeHead(400).end();
    const code = crypto.randomBytes(12).toString('hex');
    this.codes.add(code);
    const back = new URL(q.get('redirect_uri')!);
    back.search = new URLSearchParams({
      app_id: this.appId,
      source: 'alipay_wallet',
      scope: 'auth_base',
      auth_code: code,
      state: q.get('state') ?? '',
    }).toString();
    res.writeHead(302, { Location: back.toString() }).end();
  }

  /**
   * The trade bill of a day: a zip of the detail and summary CSV files in GBK, as Alipay serves them. Called with
   * an app_auth_token, the bill of the merchant that granted it (its trades); without, the application's own (its
   * smid merchants' trades). A bill without a trade that day does not exist.
   */
  private bill(day: string, token: string | null) {
    const inDay = (at: Date | null) => at !== null && beijing(at).slice(0, 10) === day;
    const ofBill = (t: FakeTrade) => t.appAuthToken === token;
    const rows: string[] = [];
    /** One detail line: 25 columns, the blank ones (store, operator, discounts...) left empty. */
    const line = (t: FakeTrade, kind: string, done: Date, amount: string, requestNo: string, fee: string) =>
      [t.tradeNo, t.outTradeNo, kind, t.subject, beijing(t.paidAt!), beijing(done), '', '', '', '', t.buyerId ?? '']
        .concat([amount, amount, '', '', '', '', '', '', '', '', requestNo, fee, '0.00', ''])
        .join(',\t');
    for (const t of this.trades.values())
      if (ofBill(t) && inDay(t.paidAt)) rows.push(line(t, '交易', t.paidAt!, yuan(t.total), '', '-0.01'));
    for (const r of this.refunds.values())
      if (r.status === 'REFUND_SUCCESS' && inDay(r.at) && ofBill(this.trades.get(r.outTradeNo)!))
        rows.push(line(this.trades.get(r.outTradeNo)!, '退款', r.at, `-${yuan(r.amount)}`, r.outRequestNo, '0.00'));
    if (rows.length === 0)
      return { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' };
    const header =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${this.appId}]`,
      `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      header,
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${rows.length}笔`,
      '',
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数',
      `,,${rows.length},0`,
      '',
    ].join('\r\n');
    const name = `${this.appId}_${day.replaceAll('-', '')}`;
    const zip = zipSync({ [`${name}_业务明细.csv`]: gbk(detail), [`${name}_业务明细(汇总).csv`]: gbk(summary) });
    const file = crypto.randomBytes(8).toString('hex');
    this.bills.set(file, zip);
    return { code: '10000', msg: 'Success', bill_download_url: `${this.url}/bill/${file}` };
  }
}
