import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Channel } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { StatementLine } from '../../payment-channel.ts';
import { statementDownloads, statementLines } from './statement.tables.ts';

/** Channels count their statement days in China's time, whatever MCHWEB_TZ says. */
export const STATEMENT_TZ = 'Asia/Shanghai';

/**
 * When (China time, the next day) each channel's statement of a day can be downloaded. WeChat Pay builds its trade
 * bill from 09:00 and asks for it to be fetched after 10:00; Alipay publishes `bill.downloadurl` files from about
 * 09:00; UnionPay (no adapter yet) is given WeChat's hour. A constant, not a setting: the channels publish these.
 */
export const STATEMENT_READY_AT: Record<Channel, string> = { WECHAT: '10:00', ALIPAY: '09:00', UNIONPAY: '10:00' };

const BATCH = 1000;

/**
 * Keep a channel's statement of a day: the download row and every line, in one transaction. A day already kept is
 * left as it is (another process stored it first) unless `replace` (the operator fetching a corrected statement).
 * Answers whether this call stored it.
 */
export async function storeStatement(
  db: Db,
  channel: Channel,
  day: string,
  lines: StatementLine[],
  { replace = false } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const where = and(eq(statementDownloads.channel, channel), eq(statementDownloads.day, day));
    if (replace) {
      await tx.delete(statementLines).where(and(eq(statementLines.channel, channel), eq(statementLines.day, day)));
      await tx.delete(statementDownloads).where(where);
    }
    const netFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const stored = await tx
      .insert(statementDownloads)
      .values({ channel, day, lineCount: lines.length, netFen })
      .onConflictDoNothing()
      .returning({ day: statementDownloads.day });
    if (stored.length === 0) return false;
    for (let i = 0; i < lines.length; i += BATCH) {
      await tx.insert(statementLines).values(
        lines.slice(i, i + BATCH).map((l) => ({
          channel,
          day,
          orderNo: l.orderNo,
          refundNo: l.refundNo ?? null,
          channelTradeNo: l.channelTradeNo,
          amountFen: l.amountFen,
          at: l.at,
        })),
      );
    }
    return true;
  });
}

export async function isDownloaded(db: Tx, channel: Channel, day: string) {
  const [row] = await db
    .select({ day: statementDownloads.day })
    .from(statementDownloads)
    .where(and(eq(statementDownloads.channel, channel), eq(statementDownloads.day, day)));
  return Boolean(row);
}

/** The downloads of these days, and the channels that ever had one (they publish statements). */
export async function downloadsOf(db: Tx, days: string[]) {
  const rows = await db.select().from(statementDownloads).where(inArray(statementDownloads.day, days));
  const channels = await db.selectDistinct({ channel: statementDownloads.channel }).from(statementDownloads);
  return { rows, channels: channels.map((c) => c.channel as Channel) };
}

/** A channel's stored lines of these days. */
export async function linesOf(db: Tx, channel: string, days: string[]) {
  return db
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.channel, channel), inArray(statementLines.day, days)))
    .orderBy(asc(statementLines.id));
}
