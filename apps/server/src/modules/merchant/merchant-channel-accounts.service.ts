import { asc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Channel } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { MERCHANT } from './merchant.messages.ts';
import { merchantChannelAccounts, merchants } from './merchant.tables.ts';

/**
 * A merchant's ids at the real channels (null: not set): what a real adapter sends as the sub-merchant of the
 * service provider. The platform's operator sets them (ops CLI, operator console) once each channel has made the
 * merchant its sub-merchant.
 */
export type ChannelAccounts = {
  wechatSubMchid: string | null;
  alipaySmid: string | null;
  alipayAppAuthToken: string | null;
};

const NONE: ChannelAccounts = { wechatSubMchid: null, alipaySmid: null, alipayAppAuthToken: null };

/** WeChat Pay's sub_mchid: 10 digits. Alipay's smid: 16 digits starting 2088 (every Alipay PID does). */
const WECHAT_SUB_MCHID = /^\d{10}$/;
const ALIPAY_SMID = /^2088\d{12}$/;

const accountColumns = {
  mchNo: merchants.mchNo,
  wechatSubMchid: merchantChannelAccounts.wechatSubMchid,
  alipaySmid: merchantChannelAccounts.alipaySmid,
  alipayAppAuthToken: merchantChannelAccounts.alipayAppAuthToken,
};

/** A merchant's number and channel ids (null: none set), found by `where` on the merchants table. */
async function accountsWhere(db: Tx, where: SQL): Promise<({ mchNo: string } & ChannelAccounts) | null> {
  const [row] = await db
    .select(accountColumns)
    .from(merchants)
    .leftJoin(merchantChannelAccounts, eq(merchantChannelAccounts.merchantNo, merchants.mchNo))
    .where(where);
  return row ?? null;
}

export async function getChannelAccounts(db: Tx, merchantNo: string): Promise<ChannelAccounts> {
  const row = await accountsWhere(db, eq(merchants.mchNo, merchantNo));
  if (!row) throw notFound(MERCHANT.notFound);
  return { wechatSubMchid: row.wechatSubMchid, alipaySmid: row.alipaySmid, alipayAppAuthToken: row.alipayAppAuthToken };
}

/** Each given field checked (null clears it; an empty or blank string is refused as malformed, not cleared). */
function checked(accounts: Partial<ChannelAccounts>): Partial<ChannelAccounts> {
  const out: Partial<ChannelAccounts> = {};
  const { wechatSubMchid, alipaySmid, alipayAppAuthToken } = accounts;
  if (wechatSubMchid !== undefined) {
    if (wechatSubMchid !== null && !WECHAT_SUB_MCHID.test(wechatSubMchid)) throw invalid(MERCHANT.badWechatSubMchid);
    out.wechatSubMchid = wechatSubMchid;
  }
  if (alipaySmid !== undefined) {
    if (alipaySmid !== null && !ALIPAY_SMID.test(alipaySmid)) throw invalid(MERCHANT.badAlipaySmid);
    out.alipaySmid = alipaySmid;
  }
  if (alipayAppAuthToken !== undefined) {
    const token = alipayAppAuthToken?.trim() ?? null;
    if (token !== null && (token === '' || token.length > 128 || /\s/.test(token))) {
      throw invalid(MERCHANT.badAlipayAppAuthToken);
    }
    out.alipayAppAuthToken = token;
  }
  return out;
}

/**
 * Set some of a merchant's channel ids (the fields left out stay as they are; null clears one). The platform's
 * operator acts here, so there is no membership check: the caller (ops CLI, operator console) decides who may.
 * Audited on the merchant's organisation with what changed (the app_auth_token is a credential: only whether it
 * was set or cleared is recorded).
 */
export async function setChannelAccounts(
  db: Tx,
  actor: Actor,
  merchantNo: string,
  accounts: Partial<ChannelAccounts>,
): Promise<ChannelAccounts> {
  const change = checked(accounts);
  const [merchant] = await db
    .select({ companyId: merchants.companyId })
    .from(merchants)
    .where(eq(merchants.mchNo, merchantNo));
  if (!merchant) throw notFound(MERCHANT.notFound);
  const before = await getChannelAccounts(db, merchantNo);
  const after = { ...NONE, ...before, ...change };
  await db
    .insert(merchantChannelAccounts)
    .values({ merchantNo, ...after })
    .onConflictDoUpdate({ target: merchantChannelAccounts.merchantNo, set: { ...change, updatedAt: sql`now()` } });
  await recordAudit(db, actor, {
    action: 'merchant.channel-accounts',
    companyId: merchant.companyId,
    targetType: 'merchant',
    targetId: merchantNo,
    detail: {
      wechatSubMchid: after.wechatSubMchid,
      alipaySmid: after.alipaySmid,
      alipayAppAuthToken: after.alipayAppAuthToken === null ? null : 'set',
    },
  });
  return getChannelAccounts(db, merchantNo);
}

/** A merchant's number and channel ids by its id: what the payments work hands a channel (ChannelMerchant). */
export async function channelMerchantOf(db: Tx, merchantId: number): Promise<{ mchNo: string } & ChannelAccounts> {
  const row = await accountsWhere(db, eq(merchants.id, merchantId));
  if (!row) throw notFound(MERCHANT.notFound);
  return row;
}

/** Which of a merchant's ids makes it one of a channel's merchants (UnionPay: none yet). */
const ACCOUNT_AT: Record<Channel, SQL | null> = {
  WECHAT: isNotNull(merchantChannelAccounts.wechatSubMchid),
  ALIPAY: or(isNotNull(merchantChannelAccounts.alipaySmid), isNotNull(merchantChannelAccounts.alipayAppAuthToken))!,
  UNIONPAY: null,
};

/**
 * Every merchant with an id at the channel, whatever its status (a merchant frozen today was paid yesterday), in
 * merchant number order: whom a channel's statement of a day is for (ChannelMerchant).
 */
export async function channelMerchantsAt(db: Tx, channel: Channel): Promise<({ mchNo: string } & ChannelAccounts)[]> {
  const where = ACCOUNT_AT[channel];
  if (!where) return [];
  return db
    .select(accountColumns)
    .from(merchantChannelAccounts)
    .innerJoin(merchants, eq(merchants.mchNo, merchantChannelAccounts.merchantNo))
    .where(where)
    .orderBy(asc(merchants.mchNo));
}
