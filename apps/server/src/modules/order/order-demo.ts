import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulkPost, FEE_INCOME } from '../ledger/index.ts';

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
 * it takes (on its first bound payment code without a fixed amount, if any), mostly small amounts, 90 % paid, 4 % closed unpaid, 2 % failed, 4 % refunded in part or in full. Each
 * chunk is one transaction made in the database (generate_series), with its payments and refunds posted to the
 * ledger and its day totals added, so every figure agrees as if the orders had been paid one by one.
 */
export async function generateDemoOrders(db: Db, opts: DemoOrdersOptions): Promise<number> {
  const now = opts.now ?? new Date();
  const start = new Date(now.getTime() - opts.days * 86_400_000);
  const stepMs = (now.getTime() - start.getTime()) / opts.orders;
  // Numbers of this run: a random base keeps a second run's order numbers apart from the first's.
  const base = crypto.randomInt(1_000_000);
  let made = 0;
  while (made < opts.orders) {
    const from = made;
    const to = Math.min(opts.orders, made + CHUNK) - 1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table demo_choices on commit drop as
        select row_number() over (order by m.id, r.channel) - 1 as k, m.id as merchant_id, m.company_id, r.channel,
          r.rate_tenths, c.id as code_id, c.code_no, c.label as code_label
        from merchants m join merchant_channel_rates r on r.merchant_id = m.id
        left join lateral (select id, code_no, label from payment_codes
          where merchant_id = m.id and status = 'BOUND' and fixed_amount_fen is null order by id limit 1) c on true
        where m.status = 'ACTIVE' ${opts.companyId === undefined ? sql`` : sql`and m.company_id = ${opts.companyId}`}`);
      const [{ n }] = (
        (await tx.execute(sql`select count(*)::int as n from demo_choices`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows as [{ n: number }];
      if (n === 0) throw new Error('No ACTIVE merchant with a channel rate to make orders for.');
      await tx.execute(sql`create temp table demo_new on commit drop as
        with g as (
          select i,
            -- Three independent spreads of i over [0, 1): multiplicative hashing (Knuth), even for small i.
            (((i + 1) * 2654435761) % 4294967296) / 4294967296.0 as r1,
            (((i + 7) * 2246822519) % 4294967296) / 4294967296.0 as r2,
            (((i + 13) * 3266489917) % 4294967296) / 4294967296.0 as r3,
            ${start.toISOString()}::timestamptz + (i * ${stepMs} * interval '1 millisecond') as created_at
          from generate_series(${from}::bigint, ${to}::bigint) as i
        ), picked as (
          select g.*, c.merchant_id, c.company_id, c.channel, c.rate_tenths, c.code_id, c.code_no, c.code_label,
            (100 + floor(power(g.r2, 3) * 60000))::bigint as amount_fen,
            case when g.r3 < 0.90 then 'SUCCESS' when g.r3 < 0.94 then 'CLOSED' when g.r3 < 0.96 then 'FAILED'
                 when g.r3 < 0.99 then 'PARTIAL_REFUNDED' else 'REFUNDED' end as status
          from g join demo_choices c on c.k = floor(g.r1 * ${n})
        )
        select p.*,
          (p.amount_fen * p.rate_tenths * 2 + 10000) / 20000 as fee_fen,
          case p.status when 'REFUNDED' then p.amount_fen
                        when 'PARTIAL_REFUNDED' then greatest(1, floor(p.amount_fen * (0.1 + p.r2 * 0.8)))::bigint
                        else 0 end as refunded_fen
        from picked p`);
      const [{ last }] = (
        (await tx.execute(sql`select coalesce(max(id), 0)::bigint as last from orders`)) as unknown as {
          rows: { last: string }[];
        }
      ).rows as [{ last: string }];
      await tx.execute(sql`
        insert into orders (order_no, company_id, merchant_id, code_id, code_no, label, channel, status, amount_fen, rate_tenths, fee_fen,
          refunded_fen, fee_refunded_fen, idempotency_key, request_hash, channel_trade_no, created_at, paid_at, closed_at)
        select 'P' || to_char(created_at at time zone ${opts.tz}, 'YYYYMMDDHH24MISS')
                   || lpad(((i + ${base}) % 1000000)::text, 6, '0'),
          company_id, merchant_id, code_id, code_no,
          coalesce(code_label, (array['Counter 1', 'Counter 2', 'Table 8', null])[1 + (i % 4)]), channel, status,
          amount_fen, rate_tenths, fee_fen, refunded_fen,
          case when refunded_fen = 0 then 0 else (fee_fen * refunded_fen * 2 + amount_fen) / (2 * amount_fen) end,
          'demo-' || ${base} || '-' || i, 'demo', case when status in ('CLOSED', 'FAILED') then null else 'SBX' || i end,
          created_at,
          case when status in ('CLOSED', 'FAILED') then null else created_at + interval '20 seconds' end,
          case status when 'CLOSED' then created_at + interval '15 minutes'
                      when 'FAILED' then created_at + interval '10 seconds' end
        from demo_new order by i
        on conflict (order_no) do nothing`);
      await postDemoMoney(tx, sql`o.id > ${last} and o.idempotency_key like ${`demo-${base}-%`}`, opts.tz);
    });
    made = to + 1;
    opts.progress?.(made);
  }
  return made;
}

/** The chunk's refunds, ledger postings and day totals, from the orders it inserted. */
async function postDemoMoney(tx: Parameters<Parameters<Db['transaction']>[0]>[0], mine: SQL, tz: string) {
  await tx.execute(sql`
    insert into order_day_stats (company_id, merchant_id, day, channel, status, count, amount_fen, fee_fen,
      refunded_fen, fee_refunded_fen)
    select o.company_id, o.merchant_id, (o.created_at at time zone ${tz})::date, o.channel, o.status, count(*),
      sum(o.amount_fen), sum(o.fee_fen), sum(o.refunded_fen), sum(o.fee_refunded_fen)
    from orders o where ${mine} group by 1, 2, 3, 4, 5
    on conflict (company_id, day, merchant_id, channel, status) do update set
      count = order_day_stats.count + excluded.count,
      amount_fen = order_day_stats.amount_fen + excluded.amount_fen,
      fee_fen = order_day_stats.fee_fen + excluded.fee_fen,
      refunded_fen = order_day_stats.refunded_fen + excluded.refunded_fen,
      fee_refunded_fen = order_day_stats.fee_refunded_fen + excluded.fee_refunded_fen`);
  await tx.execute(sql`
    insert into refunds (refund_no, company_id, order_id, status, amount_fen, fee_refund_fen, reason, idempotency_key,
      request_hash, created_at, finished_at)
    select 'R' || substr(o.order_no, 2), o.company_id, o.id, 'SUCCESS', o.refunded_fen, o.fee_refunded_fen,
      'Demo refund / 演示退款', o.idempotency_key, 'demo', o.paid_at + interval '2 hours', o.paid_at + interval '2 hours'
    from orders o where ${mine} and o.refunded_fen > 0`);
  await bulkPost(
    tx,
    'PAYMENT',
    sql`select o.order_no as ref_no, o.company_id, o.paid_at as at, e.account, e.amount_fen
      from orders o cross join lateral (values
        ('channel:' || o.channel || ':clearing', -o.amount_fen),
        ('mch:' || o.merchant_id || ':pending', o.amount_fen - o.fee_fen),
        (${FEE_INCOME}, o.fee_fen)) as e(account, amount_fen)
      where ${mine} and o.paid_at is not null`,
  );
  await bulkPost(
    tx,
    'REFUND',
    sql`select r.refund_no as ref_no, o.company_id, r.created_at as at, e.account, e.amount_fen
      from refunds r join orders o on o.id = r.order_id cross join lateral (values
        ('mch:' || o.merchant_id || ':pending', -(r.amount_fen - r.fee_refund_fen)),
        (${FEE_INCOME}, -r.fee_refund_fen),
        ('channel:' || o.channel || ':clearing', r.amount_fen)) as e(account, amount_fen)
      where ${mine} and r.idempotency_key = o.idempotency_key`,
  );
}
