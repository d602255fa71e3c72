import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Channel } from '@mchweb/contract';
import { isConnected, type Channels } from '../../channels.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StatementLine } from '../../payment-channel.ts';
import { channelMerchantsAt } from '../merchant/index.ts';
import { statementDownloads, statementLines, statementRuns } from './statement.tables.ts';

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

/**
 * Fetch a channel's statement of a day through its adapter, for every merchant with an id at that channel, and
 * keep it (storeStatement): the queue's download and `ops statement:fetch`. Answers the lines and whether this
 * call stored them.
 */
export async function downloadStatement(
  db: Db,
  channels: Channels,
  channel: Channel,
  day: string,
  opts: { replace?: boolean } = {},
): Promise<{ lines: StatementLine[]; stored: boolean }> {
  const adapter = channels.payment(channel);
  if (!isConnected(adapter)) throw new Error(`no ${channel} channel is connected to this server`);
  const lines = await adapter.fetchStatement(day, await channelMerchantsAt(db, channel));
  return { lines, stored: await storeStatement(db, channel, day, lines, opts) };
}

/** A channel's kept statement of a day (its download row), or null. */
export async function downloadOf(db: Tx, channel: Channel, day: string) {
  const [row] = await db
    .select()
    .from(statementDownloads)
    .where(and(eq(statementDownloads.channel, channel), eq(statementDownloads.day, day)));
  return row ?? null;
}

export const isDownloaded = async (db: Tx, channel: Channel, day: string) =>
  Boolean(await downloadOf(db, channel, day));

/**
 * The downloads of these days, the downloads given up on them (the queue's run rows), and the channels that ever
 * had a download or a run (they publish statements).
 */
export async function downloadsOf(db: Tx, days: string[]) {
  const rows = await db.select().from(statementDownloads).where(inArray(statementDownloads.day, days));
  const givenUp = await db
    .select()
    .from(statementRuns)
    .where(and(inArray(statementRuns.day, days), isNotNull(statementRuns.gaveUpAt)));
  const channels = [
    ...(await db.selectDistinct({ channel: statementDownloads.channel }).from(statementDownloads)),
    ...(await db.selectDistinct({ channel: statementRuns.channel }).from(statementRuns)),
  ].map((c) => c.channel as Channel);
  return { rows, givenUp, channels: [...new Set(channels)].sort() };
}

/** A channel's stored lines of these days. */
export async function linesOf(db: Tx, channel: string, days: string[]) {
  return db
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.channel, channel), inArray(statementLines.day, days)))
    .orderBy(asc(statementLines.id));
}
