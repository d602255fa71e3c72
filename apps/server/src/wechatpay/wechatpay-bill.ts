import crypto from 'node:crypto';
import type { StatementLine } from '../payment-channel.ts';
import { callWechatPay, downloadWechatPay, WechatPayError } from './wechatpay-client.ts';
import type { WechatPayConfig } from './wechatpay-config.ts';

// The trade bill (交易账单, /v3/bill/tradebill): a signed answer names the file's download_url and its SHA1; the
// file is CSV whose data fields each start with a backtick (so spreadsheet programs keep long numbers as text),
// a header line first and two summary lines (总交易单数...) last. Amounts are yuan with two decimals.

/** `12.34` -> 1234 fen, by the digits (no floating point). */
export function yuanToFen(yuan: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) throw new Error(`not an amount in yuan: "${yuan}"`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** A Beijing time `2026-11-25 10:15:00` of the bill as an instant. */
const beijing = (s: string) => new Date(`${s.trim().replace(' ', 'T')}+08:00`);

/** The bill's data lines as our statement: a payment (positive) per SUCCESS line, a refund (negative) per REFUND. */
export function parseTradeBill(csv: string): StatementLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`the trade bill has no column ${name}`);
    return i;
  };
  const [at, tradeNo, orderNo, state, settled, refundNo, refunded] = [
    col('交易时间'),
    col('微信订单号'),
    col('商户订单号'),
    col('交易状态'),
    col('应结订单金额'),
    col('商户退款单号'),
    col('退款金额'),
  ];
  const out: StatementLine[] = [];
  for (const line of lines.slice(1)) {
    // Data lines start with a backtick; the summary's header (总交易单数...) does not, and ends the data.
    if (!line.startsWith('`')) break;
    // Split on ",`" rather than ",": a product name may hold a comma, never a comma and a backtick.
    const f = line.slice(1).split(',`');
    if (f[state] === 'SUCCESS') {
      out.push({
        orderNo: f[orderNo]!,
        channelTradeNo: f[tradeNo]!,
        amountFen: yuanToFen(f[settled]!),
        at: beijing(f[at]!),
      });
    } else if (f[state] === 'REFUND') {
      out.push({
        orderNo: f[orderNo]!,
        channelTradeNo: f[tradeNo]!,
        amountFen: -yuanToFen(f[refunded]!),
        refundNo: f[refundNo]!,
        at: beijing(f[at]!),
      });
    }
  }
  return out;
}

/**
 * The service provider's trade bill of a day (every sub-merchant: no sub_mchid), downloaded and checked against
 * the SHA1 the signed answer gave. A day WeChat Pay has no bill for (NO_STATEMENT_EXIST) has no lines.
 */
export async function fetchTradeBill(config: WechatPayConfig, day: string): Promise<StatementLine[]> {
  let answer;
  try {
    answer = await callWechatPay(config, 'GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
  } catch (err) {
    if (err instanceof WechatPayError && err.code === 'NO_STATEMENT_EXIST') return [];
    throw err;
  }
  const { download_url: url, hash_type: hashType, hash_value: hash } = answer.body as Record<string, string>;
  const file = await downloadWechatPay(config, url!);
  const got = crypto
    .createHash((hashType ?? 'SHA1').toLowerCase())
    .update(file)
    .digest('hex');
  if (got !== hash?.toLowerCase())
    throw new WechatPayError(200, 'BILL_HASH_MISMATCH', `the trade bill of ${day} does not match its ${hashType}`);
  return parseTradeBill(file.toString('utf8'));
}
