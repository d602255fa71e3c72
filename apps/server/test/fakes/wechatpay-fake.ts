import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local WeChat Pay API v3 gateway (partner mode) for the tests, speaking the real protocol with real RSA keys
 * made here: it checks every request's WECHATPAY2-SHA256-RSA2048 signature against the merchant's public key
 * (401 SIGN_ERROR otherwise, as the real one answers), signs every answer with "WeChat Pay's" private key, sends
 * notices signed the same way with their resource encrypted (AEAD_AES_256_GCM, the APIv3 key), serves the trade
 * bill, plays the WeChat client (snsapi_base OAuth, WeixinJSBridge's payment) and can misbehave on demand.
 * Its crypto is written from WeChat Pay's documentation here, not borrowed from the server's adapter, so a mistake
 * on one side is not mirrored on the other.
 */

export interface FakeTransaction {
  outTradeNo: string;
  subMchid: string;
  total: number;
  description: string;
  tradeType: 'NATIVE' | 'JSAPI';
  openid: string | null;
  prepayId: string | null;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string | null;
  successTime: Date | null;
  notifyUrl: string;
}

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  subMchid: string;
  refund: number;
  total: number;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  refundId: string;
  createdAt: Date;
  notifyUrl: string;
}

/** The fields of WeChat Pay's request bodies the fake reads (as the server sent them; checked before use). */
interface RequestBody {
  sp_mchid?: string;
  sp_appid?: string;
  sub_mchid: string;
  out_trade_no: string;
  out_refund_no: string;
  description: string;
  notify_url: string;
  time_expire?: string;
  payer?: { sp_openid?: string };
  amount: { total: number; refund: number };
}

/** How a notice is spoiled, for the tampering tests. */
export type Tamper = 'byte' | 'wrongKey' | 'old' | 'wrongSerial' | 'wrongApiV3Key';

export interface NoticeOptions {
  tamper?: Tamper;
  /** Send it this many times (a channel that resends). */
  times?: number;
}

/** What the fake does with the server's calls: answer, answer unsigned/wrongly signed, or never answer. */
export type AnswerMode = 'normal' | 'badSignature' | 'silent';

export interface Delivery {
  status: number;
  body: string;
}

const b64 = (b: Buffer) => b.toString('base64');
const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

export class WechatPayFake {
  readonly spMchid = '1900000100';
  readonly spAppid = 'wx8888888888888888';
  readonly spAppSecret = crypto.randomBytes(16).toString('hex');
  readonly certSerial = crypto.randomBytes(20).toString('hex').toUpperCase();
  readonly publicKeyId = `PUB_KEY_ID_${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  readonly apiV3Key = crypto.randomBytes(16).toString('hex'); // 32 ASCII characters
  /** The service provider's key pair: the server signs with the private half, the fake verifies with the public. */
  readonly merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** "WeChat Pay's" key pair: the fake signs with the private half, the server verifies with the public. */
  readonly platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** A key that is not WeChat Pay's, for notices signed by someone else. */
  readonly stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Every request the server made: method, path and whether its signature held. */
  readonly requests: { method: string; path: string; signed: boolean; body: string }[] = [];
  /** Every notice delivered, with the server's answer. */
  readonly deliveries: Delivery[] = [];
  answerMode: AnswerMode = 'normal';
  /** A refund is answered SUCCESS by notice this long after it is asked for (null: only when the test says). */
  refundNoticeAfterMs: number | null = null;
  /** The openid the OAuth gives out (one payer). */
  openid = `o${crypto.randomBytes(13).toString('base64url')}`;

  /** How a notice reaches the server: by default over HTTP to its notify_url; API tests inject it instead. */
  deliver: (url: string, headers: Record<string, string>, body: string) => Promise<Delivery> = async (
    url,
    headers,
    body,
  ) => {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  };

  private server: http.Server | null = null;
  private dir: string | null = null;
  url = '';
  private codes = new Map<string, string>();
  private bills = new Map<string, string>();
  private timers = new Set<NodeJS.Timeout>();

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's WECHATPAY_* settings pointing at this fake (key files written to a temporary directory). */
  env(publicOrigin: string): Record<string, string> {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-fake-'));
    const privateFile = path.join(this.dir, 'apiclient_key.pem');
    const publicFile = path.join(this.dir, 'pub_key.pem');
    fs.writeFileSync(privateFile, pem(this.merchant.privateKey, 'pkcs8'));
    fs.writeFileSync(publicFile, pem(this.platform.publicKey, 'spki'));
    return {
      WECHATPAY_SP_MCHID: this.spMchid,
      WECHATPAY_SP_APPID: this.spAppid,
      WECHATPAY_SP_APPSECRET: this.spAppSecret,
      WECHATPAY_CERT_SERIAL: this.certSerial,
      WECHATPAY_PRIVATE_KEY_FILE: privateFile,
      WECHATPAY_APIV3_KEY: this.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: this.publicKeyId,
      WECHATPAY_PUBLIC_KEY_FILE: publicFile,
      WECHATPAY_BASE_URL: this.url,
      WECHATPAY_OAUTH_BASE_URL: this.url,
      WECHATPAY_SNS_BASE_URL: this.url,
      MCHWEB_PUBLIC_ORIGIN: publicOrigin,
    };
  }

  // ---- the payer's side ----

  /** The payer pays a transaction (scanned the Native code, or confirmed in WeChat); its notice follows. */
  async pay(outTradeNo: string, notice: NoticeOptions | 'none' = {}): Promise<FakeTransaction> {
    const t = this.transactions.get(outTradeNo);
    if (!t) throw new Error(`the fake has no transaction ${outTradeNo}`);
    if (t.state !== 'NOTPAY') throw new Error(`transaction ${outTradeNo} is ${t.state}, cannot be paid`);
    t.state = 'SUCCESS';
    t.transactionId = `42000${Date.now()}${crypto.randomInt(1e6)}`;
    t.successTime = new Date();
    if (notice !== 'none') await this.notifyPayment(outTradeNo, notice);
    return t;
  }

  /** WeixinJSBridge's getBrandWCPayRequest: checks paySign with the merchant key, then pays the prepay_id's. */
  async payJsapi(params: Record<string, string>, notice: NoticeOptions | 'none' = {}): Promise<FakeTransaction> {
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    const ok = crypto.verify(
      'sha256',
      Buffer.from(message),
      this.merchant.publicKey,
      Buffer.from(params.paySign ?? '', 'base64'),
    );
    if (!ok || params.appId !== this.spAppid || params.signType !== 'RSA') throw new Error('paySign does not verify');
    const prepayId = params.package?.replace(/^prepay_id=/, '');
    const t = [...this.transactions.values()].find((x) => x.prepayId === prepayId);
    if (!t) throw new Error(`no transaction has ${params.package}`);
    return this.pay(t.outTradeNo, notice);
  }

  /** Send the payment's notice (again), optionally spoiled. */
  async notifyPayment(outTradeNo: string, opts: NoticeOptions = {}): Promise<Delivery[]> {
    const t = this.transactions.get(outTradeNo)!;
    return this.notify(t.notifyUrl, 'TRANSACTION.SUCCESS', 'transaction', this.transactionJson(t), opts);
  }

  /** The refund is finished at WeChat Pay (SUCCESS, or CLOSED/ABNORMAL), with its notice unless 'none'. */
  async finishRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS',
    notice: NoticeOptions | 'none' = {},
  ): Promise<Delivery[]> {
    const r = this.refunds.get(outRefundNo);
    if (!r) throw new Error(`the fake has no refund ${outRefundNo}`);
    r.status = status;
    if (status === 'SUCCESS') {
      const t = this.transactions.get(r.outTradeNo);
      if (t) t.state = 'REFUND';
    }
    if (notice === 'none') return [];
    return this.notify(r.notifyUrl, `REFUND.${status}`, 'refund', this.refundJson(r), notice);
  }

  // ---- notices ----

  private async notify(
    url: string,
    eventType: string,
    originalType: string,
    resource: object,
    opts: NoticeOptions,
  ): Promise<Delivery[]> {
    const key = opts.tamper === 'wrongApiV3Key' ? crypto.randomBytes(32) : Buffer.from(this.apiV3Key);
    const nonce = crypto.randomBytes(6).toString('hex');
    const aad = originalType;
    const cipher = crypto.createCipheriv('aes-256-gcm', key, Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]);
    let body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: b64(ciphertext),
        associated_data: aad,
        nonce,
      },
    });
    const at = opts.tamper === 'old' ? new Date(Date.now() - 6 * 60_000) : new Date();
    const headers = this.signedHeaders(body, at, opts.tamper === 'wrongKey' ? this.stranger.privateKey : undefined);
    if (opts.tamper === 'wrongSerial') headers['Wechatpay-Serial'] = 'PUB_KEY_ID_SOMEONEELSE';
    if (opts.tamper === 'byte') {
      // One byte of the signed body changed after signing (a digit of the ciphertext's base64).
      const i = body.indexOf('"ciphertext":"') + 20;
      body = body.slice(0, i) + (body[i] === 'A' ? 'B' : 'A') + body.slice(i + 1);
    }
    const out: Delivery[] = [];
    for (let n = 0; n < (opts.times ?? 1); n++) {
      const d = await this.deliver(url, { 'Content-Type': 'application/json', ...headers }, body);
      this.deliveries.push(d);
      out.push(d);
    }
    return out;
  }

  private signedHeaders(
    body: string,
    at = new Date(),
    key: KeyObject = this.platform.privateKey,
  ): Record<string, string> {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), key);
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': b64(signature),
      'Wechatpay-Serial': this.publicKeyId,
      'Request-ID': crypto.randomUUID(),
    };
  }

  // ---- the API ----

  private transactionJson(t: FakeTransaction) {
    return {
      sp_appid: this.spAppid,
      sp_mchid: this.spMchid,
      sub_mchid: t.subMchid,
      out_trade_no: t.outTradeNo,
      ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
      trade_type: t.tradeType,
      trade_state: t.state,
      trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : t.state,
      ...(t.successTime ? { success_time: rfc3339(t.successTime) } : {}),
      ...(t.openid ? { payer: { sp_openid: t.openid } } : {}),
      amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  private refundJson(r: FakeRefund) {
    const t = this.transactions.get(r.outTradeNo);
    return {
      sp_mchid: this.spMchid,
      sub_mchid: r.subMchid,
      transaction_id: t?.transactionId ?? '',
      out_trade_no: r.outTradeNo,
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      refund_status: r.status,
      status: r.status,
      user_received_account: '支付用户零钱',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    };
  }

  private send(res: http.ServerResponse, status: number, body: object | null, extra: Record<string, string> = {}) {
    if (this.answerMode === 'silent') return; // never answers: the server's call times out
    const text = body === null ? '' : JSON.stringify(body);
    const headers = this.signedHeaders(
      text,
      new Date(),
      this.answerMode === 'badSignature' ? this.stranger.privateKey : undefined,
    );
    res.writeHead(status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...headers, ...extra });
    res.end(text);
  }

  private error(res: http.ServerResponse, status: number, code: string, message: string) {
    this.send(res, status, { code, message });
  }

  /** WeChat Pay's check of a request: the merchant, the certificate serial and the signature. */
  private signedBy(req: http.IncomingMessage, pathAndQuery: string, body: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const f = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (f.mchid !== this.spMchid || f.serial_no !== this.certSerial) return false;
    const message = `${req.method}\n${pathAndQuery}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return crypto.verify(
      'sha256',
      Buffer.from(message),
      this.merchant.publicKey,
      Buffer.from(f.signature ?? '', 'base64'),
    );
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url!, this.url);
    const p = url.pathname;
    // The WeChat client's side (no signature): OAuth, and the JSAPI payment the test page hands over.
    if (p === '/connect/oauth2/authorize') {
      const code = crypto.randomBytes(8).toString('hex');
      this.codes.set(code, this.openid);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (p === '/sns/oauth2/access_token') {
      const openid = this.codes.get(url.searchParams.get('code') ?? '');
      const ok =
        openid && url.searchParams.get('appid') === this.spAppid && url.searchParams.get('secret') === this.spAppSecret;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? { access_token: 'AT', expires_in: 7200, openid, scope: 'snsapi_base' }
            : { errcode: 40029, errmsg: 'invalid code' },
        ),
      );
      return;
    }
    if (p === '/fake/jsapi-pay') {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      try {
        const t = await this.payJsapi(JSON.parse(body) as Record<string, string>);
        res
          .writeHead(200, { 'Content-Type': 'application/json', ...cors })
          .end(JSON.stringify({ err_msg: 'get_brand_wcpay_request:ok', outTradeNo: t.outTradeNo }));
      } catch (err) {
        res
          .writeHead(400, { 'Content-Type': 'application/json', ...cors })
          .end(JSON.stringify({ err_msg: `get_brand_wcpay_request:fail ${(err as Error).message}` }));
      }
      return;
    }
    if (p === '/v3/billdownload/file') {
      // Signed like any request; the file itself is not signed (its hash was).
      const signed = this.signedBy(req, `${p}${url.search}`, '');
      this.requests.push({ method: req.method!, path: `${p}${url.search}`, signed, body });
      if (!signed) return this.error(res, 401, 'SIGN_ERROR', '签名错误');
      const bill = this.bills.get(url.searchParams.get('token') ?? '');
      if (!bill) return this.error(res, 404, 'RESOURCE_NOT_EXISTS', '账单不存在');
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end(bill);
      return;
    }
    const signed = this.signedBy(req, `${p}${url.search}`, body);
    this.requests.push({ method: req.method!, path: `${p}${url.search}`, signed, body });
    if (!signed) return this.error(res, 401, 'SIGN_ERROR', '签名错误，请检查后再试');
    const json = (body ? JSON.parse(body) : {}) as RequestBody;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && (m = /^\/v3\/pay\/partner\/transactions\/(native|jsapi)$/.exec(p))) {
      return this.createTransaction(res, m[1] === 'jsapi' ? 'JSAPI' : 'NATIVE', json);
    }
    if (req.method === 'GET' && (m = /^\/v3\/pay\/partner\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      const t = this.transactions.get(decodeURIComponent(m[1]!));
      if (!t || t.subMchid !== url.searchParams.get('sub_mchid') || url.searchParams.get('sp_mchid') !== this.spMchid)
        return this.error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return this.send(res, 200, this.transactionJson(t));
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/partner\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      const t = this.transactions.get(decodeURIComponent(m[1]!));
      if (!t || t.subMchid !== json.sub_mchid) return this.error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return this.error(res, 400, 'ORDERPAID', '订单已支付');
      t.state = 'CLOSED';
      return this.send(res, 204, null);
    }
    if (req.method === 'POST' && p === '/v3/refund/domestic/refunds') return this.createRefund(res, json);
    if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p))) {
      const r = this.refunds.get(decodeURIComponent(m[1]!));
      if (!r || r.subMchid !== url.searchParams.get('sub_mchid'))
        return this.error(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return this.send(res, 200, this.refundJson(r));
    }
    if (req.method === 'GET' && p === '/v3/bill/tradebill') return this.tradeBill(res, url.searchParams);
    return this.error(res, 404, 'NOT_FOUND', `no such API ${req.method} ${p}`);
  }

  private createTransaction(res: http.ServerResponse, tradeType: 'NATIVE' | 'JSAPI', j: RequestBody) {
    if (j.sp_mchid !== this.spMchid || j.sp_appid !== this.spAppid || !/^\d{10}$/.test(j.sub_mchid ?? ''))
      return this.error(res, 400, 'PARAM_ERROR', 'sp_mchid, sp_appid 或 sub_mchid 有误');
    if (tradeType === 'JSAPI' && !j.payer?.sp_openid)
      return this.error(res, 400, 'PARAM_ERROR', '缺少 payer.sp_openid');
    if (!Number.isInteger(j.amount?.total) || j.amount.total < 1 || !j.notify_url || !j.time_expire)
      return this.error(res, 400, 'PARAM_ERROR', '参数错误');
    const earlier = this.transactions.get(j.out_trade_no);
    if (earlier && (earlier.total !== j.amount.total || earlier.subMchid !== j.sub_mchid))
      return this.error(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
    if (earlier && earlier.state !== 'NOTPAY') return this.error(res, 400, 'ORDERPAID', '该订单已支付');
    const t: FakeTransaction = earlier ?? {
      outTradeNo: j.out_trade_no,
      subMchid: j.sub_mchid,
      total: j.amount.total,
      description: j.description,
      tradeType,
      openid: j.payer?.sp_openid ?? null,
      prepayId: null,
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
      notifyUrl: j.notify_url,
    };
    this.transactions.set(t.outTradeNo, t);
    if (tradeType === 'JSAPI') {
      t.tradeType = 'JSAPI';
      t.openid = j.payer?.sp_openid ?? null;
      t.prepayId ??= `wx${Date.now()}${crypto.randomBytes(8).toString('hex')}`;
      return this.send(res, 200, { prepay_id: t.prepayId });
    }
    return this.send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${t.outTradeNo.slice(-8)}` });
  }

  private createRefund(res: http.ServerResponse, j: RequestBody) {
    const t = this.transactions.get(j.out_trade_no);
    if (!t || t.subMchid !== j.sub_mchid) return this.error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return this.error(res, 400, 'INVALID_REQUEST', '订单未支付');
    if (j.amount?.total !== t.total) return this.error(res, 400, 'PARAM_ERROR', '订单金额不一致');
    let r = this.refunds.get(j.out_refund_no);
    if (!r) {
      const refunded = [...this.refunds.values()]
        .filter((x) => x.outTradeNo === t.outTradeNo && x.status !== 'CLOSED')
        .reduce((s, x) => s + x.refund, 0);
      if (refunded + j.amount.refund > t.total)
        return this.error(res, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      r = {
        outRefundNo: j.out_refund_no,
        outTradeNo: t.outTradeNo,
        subMchid: t.subMchid,
        refund: j.amount.refund,
        total: t.total,
        status: 'PROCESSING',
        refundId: `50300${Date.now()}${crypto.randomInt(1e6)}`,
        createdAt: new Date(),
        notifyUrl: j.notify_url,
      };
      this.refunds.set(r.outRefundNo, r);
      if (this.refundNoticeAfterMs !== null) {
        const no = r.outRefundNo;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void this.finishRefund(no).catch(() => undefined);
        }, this.refundNoticeAfterMs);
        this.timers.add(timer);
      }
    }
    return this.send(res, 200, { ...this.refundJson(r), create_time: rfc3339(r.createdAt) });
  }

  /** The service provider's trade bill of a day (all sub-merchants), as WeChat Pay writes it. */
  private tradeBill(res: http.ServerResponse, q: URLSearchParams) {
    const day = q.get('bill_date') ?? '';
    const inDay = (at: Date) => rfc3339(at).slice(0, 10) === day;
    const rows: string[] = [];
    const fields = (v: (string | number)[]) => v.map((x) => `\`${x}`).join(',');
    let count = 0;
    let settled = 0;
    let refunded = 0;
    for (const t of this.transactions.values()) {
      if (!t.successTime || !inDay(t.successTime)) continue;
      count++;
      settled += t.total;
      rows.push(
        fields([
          rfc3339(t.successTime).slice(0, 19).replace('T', ' '),
          this.spAppid,
          this.spMchid,
          t.subMchid,
          '',
          t.transactionId!,
          t.outTradeNo,
          t.openid ?? '',
          t.tradeType,
          'SUCCESS',
          'OTHERS',
          'CNY',
          yuan(t.total),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          t.description,
          '',
          yuan(Math.round(t.total * 0.0038)),
          '0.38%',
          yuan(t.total),
          '0.00',
          '',
        ]),
      );
    }
    for (const r of this.refunds.values()) {
      if (r.status !== 'SUCCESS' || !inDay(r.createdAt)) continue;
      const t = this.transactions.get(r.outTradeNo)!;
      refunded += r.refund;
      rows.push(
        fields([
          rfc3339(r.createdAt).slice(0, 19).replace('T', ' '),
          this.spAppid,
          this.spMchid,
          r.subMchid,
          '',
          t.transactionId!,
          r.outTradeNo,
          t.openid ?? '',
          t.tradeType,
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          r.refundId,
          r.outRefundNo,
          yuan(r.refund),
          '0.00',
          'ORIGINAL',
          'SUCCESS',
          t.description,
          '',
          '0.00',
          '0.38%',
          yuan(t.total),
          yuan(r.refund),
          '',
        ]),
      );
    }
    if (count === 0 && rows.length === 0) return this.error(res, 400, 'NO_STATEMENT_EXIST', '该日期没有账单');
    const csv = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
      ...rows,
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      fields([count, yuan(settled), yuan(refunded), '0.00', '0.00', yuan(settled), yuan(refunded)]),
      '',
    ].join('\r\n');
    const token = crypto.randomBytes(8).toString('hex');
    this.bills.set(token, csv);
    return this.send(res, 200, {
      hash_type: 'SHA1',
      hash_value: crypto.createHash('sha1').update(csv).digest('hex'),
      download_url: `${this.url}/v3/billdownload/file?token=${token}`,
    });
  }
}

const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const rfc3339 = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
