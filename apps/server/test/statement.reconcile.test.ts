import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, dayOf, dayStart } from '../src/business-day.ts';
import type { Db } from '../src/db/client.ts';
import type { ModuleContext } from '../src/module.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { orders, refunds } from '../src/modules/order/order.tables.ts';
import { statementJobs } from '../src/modules/statement/index.ts';
import { statementDownloads, statementLines } from '../src/modules/statement/statement.tables.ts';
import { COMMANDS } from '../src/ops/cli.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { sandboxChannels } from '../src/sandbox/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 27, statements: each channel's statement of yesterday downloaded once the channel publishes it (the
 * sandbox channel's: what it answered), kept, and reconciled with orders, refunds and the ledger.
 */
const CN = 'Asia/Shanghai';
let t: TestApp;
let db: Db;
const yesterday = addDays(dayOf(new Date(), CN), -1);
/** Today at this China clock. */
const at = (clock: string) => new Date(`${dayOf(new Date(), CN)}T${clock}:00+08:00`);
const logged: string[] = [];
const log = pino(
  { level: 'info' },
  { write: (line: string) => void logged.push(line) },
) as unknown as FastifyBaseLogger;

async function runJob(now: Date) {
  const [job] = statementJobs({ channels: sandboxChannels(db), config: t.config } as ModuleContext);
  await job!.run({ db, log, now, accessCache: t.app.accessCache, stopped: () => false });
}
const statementProblems = async () =>
  (await reconcileDay(db, RECONCILE_CHECKS, yesterday, { tz: CN, now: new Date() })).differences.filter((d) =>
    d.includes(' statement '),
  );
const downloads = () => db.select().from(statementDownloads).where(eq(statementDownloads.day, yesterday));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

describe('issue 27 statements', () => {
  it("downloads each channel's statement of yesterday after it is published, once, and it reconciles", async () => {
    await runJob(at('08:59'));
    expect(await downloads()).toEqual([]);
    // Alipay publishes from 09:00, WeChat Pay after 10:00.
    await runJob(at('09:30'));
    expect((await downloads()).map((d) => d.channel)).toEqual(['ALIPAY']);
    await runJob(at('10:05'));
    const days = await downloads();
    expect(days.map((d) => d.channel).sort()).toEqual(['ALIPAY', 'UNIONPAY', 'WECHAT']);
    // The demo's yesterday had payments: the sandbox's statement holds every one of them.
    const start = dayStart(yesterday, CN);
    const paid = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(sql`${orders.paidAt} >= ${start}`, sql`${orders.paidAt} < ${dayStart(addDays(yesterday, 1), CN)}`));
    expect(paid[0]!.n).toBeGreaterThan(0);
    const lines = await db.select().from(statementLines).where(eq(statementLines.day, yesterday));
    expect(lines.filter((l) => !l.refundNo)).toHaveLength(paid[0]!.n);
    expect(await statementProblems()).toEqual([]);
    expect(logged.some((l) => l.includes(`statement of WECHAT ${yesterday}: no difference`))).toBe(true);
    // A second pass (or process) downloads nothing again.
    await runJob(at('10:06'));
    expect(await downloads()).toHaveLength(3);
  });

  it('each kind of difference: missing on either side, amount, state, and reported by ops reconcile', async () => {
    const [line] = await db
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.day, yesterday), eq(statementLines.channel, 'WECHAT')))
      .limit(1);
    const [other] = await db
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.day, yesterday), eq(statementLines.channel, 'ALIPAY')))
      .limit(1);
    // Missing on theirs: the channel does not know one of our payments.
    await db.delete(statementLines).where(eq(statementLines.id, line!.id));
    // Amount differs.
    await db
      .update(statementLines)
      .set({ amountFen: other!.amountFen + 1 })
      .where(eq(statementLines.id, other!.id));
    // Missing on ours: a payment we never made.
    const base = { channel: 'WECHAT', day: yesterday, channelTradeNo: '4200000001', at: dayStart(yesterday, CN) };
    await db.insert(statementLines).values({ ...base, orderNo: 'P20990101000000999999', amountFen: 500 });
    // State differs: paid there, closed here.
    const [closed] = await db.select().from(orders).where(eq(orders.status, 'CLOSED')).limit(1);
    await db
      .insert(statementLines)
      .values({ ...base, channel: closed!.channel, orderNo: closed!.orderNo, amountFen: closed!.amountFen });
    // A refund done there, failed here.
    const [failed] = await db
      .select({
        refundNo: refunds.refundNo,
        orderNo: orders.orderNo,
        channel: orders.channel,
        amountFen: refunds.amountFen,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.status, 'FAILED'))
      .limit(1);
    if (failed)
      await db.insert(statementLines).values({
        ...base,
        channel: failed.channel,
        orderNo: failed.orderNo,
        refundNo: failed.refundNo,
        amountFen: -failed.amountFen,
      });

    const problems = await statementProblems();
    expect(problems).toContain(
      `WECHAT statement ${yesterday}: payment ${line!.orderNo} (${line!.amountFen} fen): on ours, missing on theirs`,
    );
    expect(problems).toContain(
      `ALIPAY statement ${yesterday}: payment ${other!.orderNo}: amount differs, ${other!.amountFen + 1} fen on theirs, ${other!.amountFen} on ours`,
    );
    expect(problems).toContain(
      `WECHAT statement ${yesterday}: payment P20990101000000999999 (500 fen): on theirs, missing on ours`,
    );
    expect(problems).toContain(
      `${closed!.channel} statement ${yesterday}: payment ${closed!.orderNo}: state differs, paid on theirs, CLOSED on ours`,
    );
    if (failed)
      expect(problems).toContain(
        `${failed.channel} statement ${yesterday}: refund ${failed.refundNo} of ${failed.orderNo}: state differs, refunded on theirs, FAILED on ours`,
      );
    // The operator's reconcile prints them with the other checks' (a difference: exit 1).
    await expect(COMMANDS['reconcile']!.run(db, ['--date', yesterday])).rejects.toThrow(
      /P20990101000000999999 \(500 fen\): on theirs, missing on ours/,
    );
  });

  it('a channel that publishes statements but whose day is not downloaded yet is open, not a difference', async () => {
    const before = addDays(yesterday, -1);
    const found = await reconcileDay(db, RECONCILE_CHECKS, before, { tz: CN, now: new Date() });
    expect(found.open).toContain(
      `WECHAT: the statement of ${before} is not downloaded yet (published after 10:00 China time the next day)`,
    );
    expect(found.differences.filter((d) => d.includes(' statement '))).toEqual([]);
  });
});
