import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, dayOf, dayStart } from '../src/business-day.ts';
import type { Channels } from '../src/channels.ts';
import type { Db } from '../src/db/client.ts';
import type { ModuleContext } from '../src/module.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { orders, refunds } from '../src/modules/order/order.tables.ts';
import { statementJobs, statementWorkers } from '../src/modules/statement/index.ts';
import { statementDownloads, statementLines, statementRuns } from '../src/modules/statement/statement.tables.ts';
import { COMMANDS } from '../src/ops/cli.ts';
import { createQueue, type Queue } from '../src/queue.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { sandboxChannels } from '../src/sandbox/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 27, statements: each channel's statement of yesterday downloaded once the channel publishes it (the
 * sandbox channel's: what it answered), kept, and reconciled with orders, refunds and the ledger. Issue 29: the
 * downloads run on the job queue (a queue of the test's own, retrying after a second), a late statement is tried
 * again, one never published is given up, and `ops statement:fetch` keeps it by hand.
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

let queue: Queue;
/** Channel-days (`WECHAT 2026-11-22`) whose statement is not published yet, with the tries it refuses. */
const notReady = new Map<string, number>();
function channelsOf(base: Channels): Channels {
  return {
    ...base,
    payment(channel) {
      const adapter = base.payment(channel);
      return {
        ...adapter,
        async fetchStatement(day, merchants) {
          const left = notReady.get(`${channel} ${day}`) ?? 0;
          if (left <= 0) return adapter.fetchStatement(day, merchants);
          notReady.set(`${channel} ${day}`, left - 1);
          throw new Error('the bill of that day is not ready yet');
        },
      };
    },
  };
}
/** The daily job's look at this time: it enqueues the downloads due; the queue's workers run them. */
async function runJob(now: Date) {
  const [job] = statementJobs({ channels: channelsOf(sandboxChannels(db)), config: t.config, queue } as ModuleContext);
  await job!.run({ db, log, now, accessCache: t.app.accessCache, stopped: () => false });
}
/** The day's download runs once every enqueued one is reconciled or given up. */
async function runsSettled(day: string) {
  for (let i = 0; i < 300; i++) {
    const runs = await db.select().from(statementRuns).where(eq(statementRuns.day, day));
    if (runs.every((r) => r.reconciledAt || r.gaveUpAt)) return runs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the statements of ${day} were not downloaded in time`);
}
const statementProblems = async () =>
  (await reconcileDay(db, RECONCILE_CHECKS, yesterday, { tz: CN, now: new Date() })).differences.filter((d) =>
    d.includes(' statement '),
  );
const downloads = () => db.select().from(statementDownloads).where(eq(statementDownloads.day, yesterday));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  queue = createQueue(t.database, log);
  const deps = { db, queue, log, channels: channelsOf(sandboxChannels(db)), tz: CN };
  await queue.start(statementWorkers(deps, { limit: 1, delaySeconds: 1, backoff: false }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('issue 27 statements', () => {
  it("downloads each channel's statement of yesterday after it is published, once, and it reconciles", async () => {
    await runJob(at('08:59'));
    expect(await downloads()).toEqual([]);
    // Alipay publishes from 09:00, WeChat Pay after 10:00.
    await runJob(at('09:30'));
    await runsSettled(yesterday);
    expect((await downloads()).map((d) => d.channel)).toEqual(['ALIPAY']);
    await runJob(at('10:05'));
    const runs = await runsSettled(yesterday);
    expect(runs.map((r) => [r.channel, r.tries, r.differences]).sort()).toEqual([
      ['ALIPAY', 1, 0],
      ['UNIONPAY', 1, 0],
      ['WECHAT', 1, 0],
    ]);
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
    // A second pass (or process) enqueues and downloads nothing again.
    await runJob(at('10:06'));
    expect(await db.select().from(statementRuns).where(eq(statementRuns.day, yesterday))).toHaveLength(3);
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

  it('a late statement is tried again; one never published is given up, reported, and kept by ops statement:fetch', async () => {
    const day = addDays(yesterday, -3);
    // WeChat Pay's bill is not ready at the first try; Alipay's never comes (the queue tries twice here).
    notReady.set(`WECHAT ${day}`, 1);
    notReady.set(`ALIPAY ${day}`, 99);
    await runJob(new Date(at('10:05').getTime() - 3 * 86_400_000));
    const runs = new Map((await runsSettled(day)).map((r) => [r.channel, r]));
    expect(runs.get('WECHAT')).toMatchObject({ tries: 2, differences: 0, lastError: null, gaveUpAt: null });
    expect(runs.get('ALIPAY')).toMatchObject({ tries: 2, reconciledAt: null });
    expect(runs.get('ALIPAY')!.gaveUpAt).not.toBeNull();
    expect(runs.get('ALIPAY')!.lastError).toMatch(/not ready yet/);
    expect(logged.some((l) => l.includes(`statement of ALIPAY ${day} not downloaded, given up`))).toBe(true);
    // The operator sees it in the day's reconciliation, with what to do.
    const gaveUp = `ALIPAY: the statement of ${day} was not downloaded, given up after 2 tries`;
    const found = await reconcileDay(db, RECONCILE_CHECKS, day, { tz: CN, now: new Date() });
    expect(found.differences.filter((d) => d.startsWith(gaveUp))).toHaveLength(1);
    expect(found.differences.find((d) => d.startsWith(gaveUp))).toContain(
      `statement:fetch --channel ALIPAY --date ${day}`,
    );

    // The operator's command keeps it (through the same adapter and storeStatement), once.
    const fetch = (...args: string[]) => COMMANDS['statement:fetch']!.run(db, args);
    const out = await fetch('--channel', 'alipay', '--date', day);
    const [kept] = await db
      .select()
      .from(statementDownloads)
      .where(and(eq(statementDownloads.channel, 'ALIPAY'), eq(statementDownloads.day, day)));
    expect(out).toMatch(
      new RegExp(`^Kept the ALIPAY statement of ${day}: ${kept!.lineCount} line\\(s\\), net ${kept!.netFen} fen`),
    );
    expect(out.split('\n')).toHaveLength(kept!.lineCount > 0 ? 3 + kept!.lineCount : 3);
    await expect(fetch('--channel', 'alipay', '--date', day)).rejects.toThrow(/kept already .*--replace/);
    await expect(fetch('--channel', 'alipay', '--date', day, '--replace')).resolves.toMatch(
      /replacing the one kept before/,
    );
    const lines = await db
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.channel, 'ALIPAY'), eq(statementLines.day, day)));
    expect(lines).toHaveLength(kept!.lineCount);
    await expect(fetch('--channel', 'unionpay', '--date', day)).rejects.toThrow(/--channel wechatpay or/);
    await expect(fetch('--channel', 'wechatpay', '--date', '2026-13-40')).rejects.toThrow(/--date YYYY-MM-DD/);
    // Kept, the day reconciles: no given-up download, no difference of Alipay's.
    const after = await reconcileDay(db, RECONCILE_CHECKS, day, { tz: CN, now: new Date() });
    expect(after.differences.filter((d) => d.startsWith('ALIPAY'))).toEqual([]);
  });
});
