import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { openCodesOf } from '../modules/code/index.ts';
import { bulkPaymentsCaptured, bulkRefundsHeld } from '../modules/ledger/index.ts';
import { sellingChannels } from '../modules/merchant/index.ts';
import { insertPastOrders } from '../modules/order/index.ts';

export interface DemoOrdersOptions {
  orders: number;
  days: number;
  /** Only this organisation's merchants (default: every ACTIVE merchant with a rate). */
  companyId?: number;
  tz: string;
  now?: Date;
  /** Called after each chunk with the orders made so far. */
  progress?: (done: number) => void;
}

const CHUNK = 100_000;

/**
 * Fill realistic orders for benchmarks and demos (`npm run ops -- demo:orders`): spread evenly over the last
 * `days` days in time order (so ids grow with time, as real ones do), over every ACTIVE merchant and the channels
 * it takes (on its first bound payment code without a fixed amount, if any; each read from its own module), mostly small amounts, 90 % paid, 4 %
 * closed unpaid, 2 % failed, 4 % refunded in part or in full. Each chunk is one transaction: the rows are made in
 * the database (generate_series), written by the order module's bulk service (orders, refunds, day totals, fees by
 * its fee rule) and posted by the ledger's bulk recipes, so every figure agrees as if paid one by one.
 */
export async function generateDemoOrders(db: Db, opts: DemoOrdersOptions): Promise<number> {
  const now = opts.now ?? new Date();
  const start = new Date(now.getTime() - opts.days * 86_400_000);
  const stepMs = (now.getTime() - start.getTime()) / opts.orders;
  // Numbers of this run: a random base keeps a second run's order numbers apart from the first's.
  const batch = crypto.randomInt(1_000_000);
  // What may be sold: each ACTIVE merchant's channels with its rate, and its code (its module's answers).
  const choices = await sellingChannels(db, opts.companyId);
  if (choices.length === 0) throw new Error('No ACTIVE merchant with a channel rate to make orders for.');
  const codes = await openCodesOf(db, [...new Set(choices.map((c) => c.merchantId))]);
  const n = choices.length;
  let made = 0;
  while (made < opts.orders) {
    const from = made;
    const to = Math.min(opts.orders, made + CHUNK) - 1;
    await db.transaction(async (tx) => {
      // What may be sold, numbered 0..n-1, for the rows to pick from.
      await tx.execute(sql`create temp table demo_choices (k int, merchant_id int, company_id int, channel text,
        rate_tenths int, code_id int, code_no text, code_label text) on commit drop`);
      for (let at = 0; at < choices.length; at += 1_000) {
        await tx.execute(
          sql`insert into demo_choices values ${sql.join(
            choices.slice(at, at + 1_000).map((c, i) => {
              const code = codes.get(c.merchantId);
              return sql`(${at + i}, ${c.merchantId}, ${c.companyId}, ${c.channel}, ${c.rateTenths},
              ${code?.codeId ?? null}::int, ${code?.codeNo ?? null}::text, ${code?.label ?? null}::text)`;
            }),
            sql`, `,
          )}`,
        );
      }
      const money = await insertPastOrders(
        tx,
        sql`
        with g as (
          select i,
            -- Three independent spreads of i over [0, 1): multiplicative hashing (Knuth), even for small i.
            (((i + 1) * 2654435761) % 4294967296) / 4294967296.0 as r1,
            (((i + 7) * 2246822519) % 4294967296) / 4294967296.0 as r2,
            (((i + 13) * 3266489917) % 4294967296) / 4294967296.0 as r3,
            ${start.toISOString()}::timestamptz + (i * ${stepMs}::float8 * interval '1 millisecond') as created_at
          from generate_series(${from}::bigint, ${to}::bigint) as i
        ), picked as (
          select g.*, c.merchant_id, c.company_id, c.channel, c.rate_tenths, c.code_id, c.code_no, c.code_label,
            (100 + floor(power(g.r2, 3) * 60000))::bigint as amount_fen,
            case when g.r3 < 0.90 then 'SUCCESS' when g.r3 < 0.94 then 'CLOSED' when g.r3 < 0.96 then 'FAILED'
                 when g.r3 < 0.99 then 'PARTIAL_REFUNDED' else 'REFUNDED' end as status
          from g join demo_choices c on c.k = floor(g.r1 * ${n})
        )
        select p.i, p.company_id, p.merchant_id, p.code_id, p.code_no,
          coalesce(p.code_label, (array['Counter 1', 'Counter 2', 'Table 8', null])[1 + (p.i % 4)]) as label,
          p.channel, p.status, p.amount_fen, p.rate_tenths,
          case p.status when 'REFUNDED' then p.amount_fen
                        when 'PARTIAL_REFUNDED' then greatest(1, floor(p.amount_fen * (0.1 + p.r2 * 0.8)))::bigint
                        else 0 end as refunded_fen,
          p.created_at,
          case when p.status in ('CLOSED', 'FAILED') then null else p.created_at + interval '20 seconds' end as paid_at,
          case p.status when 'CLOSED' then p.created_at + interval '15 minutes'
                        when 'FAILED' then p.created_at + interval '10 seconds' end as closed_at
        from picked p`,
        { batch, tz: opts.tz, refundReason: 'Demo refund / 演示退款' },
      );
      await bulkPaymentsCaptured(tx, money.payments);
      await bulkRefundsHeld(tx, money.refunds);
    });
    made = to + 1;
    opts.progress?.(made);
  }
  return made;
}
