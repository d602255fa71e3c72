import type { AlipaySdk } from 'alipay-sdk';
import { ORDER_NO_RE } from '@mchweb/contract';
import { unzipSync } from 'fflate';
import type { ChannelMerchant, StatementLine } from '../payment-channel.ts';
import { yuanToFen } from '../wechatpay/wechatpay-bill.ts';
import { AlipayError, callAlipay } from './alipay-client.ts';

// The trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a signed answer names a
// short-lived URL of a zip holding GBK-encoded CSV files, the detail (业务明细) and its summary (汇总). The detail
// starts with '#' comment lines, then a header, one line per trade (业务类型 交易) or refund (退款), and '#' lines
// again at its end. Amounts are yuan with two decimals, refunds negative; fields may be padded with spaces or tabs.

/** A Beijing time `2026-11-25 10:15:00` of the bill as an instant. */
const beijing = (s: string) => new Date(`${s.trim().replace(' ', 'T')}+08:00`);

/** The detail file's lines as our statement, or null if `csv` is not a detail file (the summary). */
export function parseAlipayBill(csv: string): StatementLine[] | null {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const start = lines.findIndex(
    (l) => l.includes('支付宝交易号') && l.includes('商户订单号') && l.includes('业务类型'),
  );
  if (start < 0) return null;
  const header = lines[start]!.split(',').map((f) => f.trim());
  const col = (name: string) => {
    const i = header.findIndex((h) => h.startsWith(name));
    if (i < 0) throw new Error(`the Alipay bill has no column ${name}`);
    return i;
  };
  const [tradeNo, orderNo, kind, done, amount, requestNo] = [
    col('支付宝交易号'),
    col('商户订单号'),
    col('业务类型'),
    col('完成时间'),
    col('订单金额'),
    col('退款批次号'),
  ];
  const out: StatementLine[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const f = line.split(',').map((v) => v.trim());
    if (f.length < header.length) continue;
    const fen = Math.abs(yuanToFen(f[amount]!));
    const base = { orderNo: f[orderNo]!, channelTradeNo: f[tradeNo]!, at: beijing(f[done]!) };
    if (f[kind] === '交易') out.push({ ...base, amountFen: fen });
    else if (f[kind] === '退款') out.push({ ...base, amountFen: -fen, refundNo: f[requestNo]! });
  }
  return out;
}

/** The zip's detail file, decoded from GBK and read; a zip without one is an error (not an empty day). */
export function readAlipayBillZip(zip: Uint8Array): StatementLine[] {
  const gbk = new TextDecoder('gbk');
  for (const bytes of Object.values(unzipSync(zip))) {
    const lines = parseAlipayBill(gbk.decode(bytes));
    if (lines) return lines;
  }
  throw new AlipayError('BILL', 'NO_DETAIL', 'the bill zip holds no detail file (业务明细)');
}

/**
 * The trade bill of a day: the service provider's (our application's: its smid merchants' trades), or with an
 * app_auth_token the bill of the merchant that granted it (the token's merchant's trades are in its own account's
 * bill, which Alipay gives its authorised provider on the same call). A day Alipay has no bill for (bill not
 * exist: no trade that day) has no lines.
 */
export async function fetchAlipayBill(sdk: AlipaySdk, day: string, appAuthToken?: string): Promise<StatementLine[]> {
  let answer;
  try {
    answer = await callAlipay(
      sdk,
      'alipay.data.dataservice.bill.downloadurl.query',
      { bill_type: 'trade', bill_date: day },
      { appAuthToken },
    );
  } catch (err) {
    if (err instanceof AlipayError && err.subCode === 'isp.bill_not_exist') return [];
    throw err;
  }
  // The URL is short-lived (about 30 seconds): downloaded at once.
  const res = await fetch(String(answer.bill_download_url), { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new AlipayError(String(res.status), 'DOWNLOAD_FAILED', `the bill of ${day} did not download`);
  return readAlipayBillZip(new Uint8Array(await res.arrayBuffer()));
}

/** Merchants' bills fetched at once: a day with many authorised merchants fits the statement job's 10 minutes. */
const AT_ONCE = 4;

/**
 * The day's statement of every merchant: our bill (smid merchants) and the bill of each merchant that authorised
 * us (app_auth_token), of which only the trades of our orders (ORDER_NO_RE: that bill is the merchant's whole
 * account, its own till included). One merchant's bill that cannot be fetched fails
 * the whole day (the statement job tries again later): a statement without it would call its paid orders missing.
 * The error names the merchant, never its token.
 */
export async function fetchAlipayStatement(
  sdk: AlipaySdk,
  day: string,
  merchants: ChannelMerchant[],
): Promise<StatementLine[]> {
  const byToken = new Map<string, string>();
  for (const m of merchants) if (m.alipayAppAuthToken) byToken.set(m.alipayAppAuthToken, m.mchNo);
  const tokens = [...byToken.keys()];
  const theirs: StatementLine[][] = [];
  const next = async (): Promise<void> => {
    const token = tokens.shift();
    if (token === undefined) return;
    try {
      theirs.push((await fetchAlipayBill(sdk, day, token)).filter((l) => ORDER_NO_RE.test(l.orderNo)));
    } catch (err) {
      tokens.length = 0; // the day fails: the other bills are not needed now
      // No `cause`: the statement job records the innermost cause's message (reasonOf), and this one names the
      // merchant for the operator.
      // eslint-disable-next-line preserve-caught-error -- the message carries the cause's
      throw new Error(`merchant ${byToken.get(token)}'s Alipay bill (app_auth_token): ${(err as Error).message}`);
    }
    return next();
  };
  const own = await fetchAlipayBill(sdk, day);
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, tokens.length) }, next));
  return own.concat(...theirs);
}
