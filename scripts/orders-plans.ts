// The order list's and the CSV export's plans at ten million orders (issue 29, "Data that grows"), on orders
// partitioned by month (the plans show which months' partitions each query reads):
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/orders-plans.ts
//
// makes the database `mchweb_bench_orders` on that server (dropped and made again: the demo data and BENCH_ORDERS
// orders, default 10,000,000, over 90 days in the demo organisation, as `npm run ops -- demo:orders` makes them;
// about 4 GB), then prints EXPLAIN (ANALYZE, BUFFERS) of the list's first page (one merchant, 30 days, paid, 20
// rows), of a page 20,000 rows deep (keyset cursor), and of the CSV export's query for one merchant-day. With
// ORDERS_PLANS_KEEP=1 an existing `mchweb_bench_orders` is explained as it is, not made again.
import { sql } from 'drizzle-orm';
import { orderFilter } from '../packages/contract/src/index.ts';
import { inlineQuery, inlineSql, openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { csvCopyQuery } from '../apps/server/src/export-file.ts';
import { orderPageQuery, resolveFilter } from '../apps/server/src/modules/order/index.ts';
import { ordersSheet } from '../apps/server/src/modules/order/order-export.ts';

process.env.BENCH_ORDERS ??= '10000000';
const { ORDERS, TZ, postgresOrders } = await import('./bench/orders-data.ts');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a database mchweb_bench_orders is made on it).');
  process.exit(2);
}
const url = new URL(serverUrl);
url.pathname = '/mchweb_bench_orders';

if (process.env.ORDERS_PLANS_KEEP !== '1') {
  console.error(`Filling ${ORDERS.toLocaleString('en')} orders...`);
  const made = await postgresOrders(serverUrl);
  console.error(`made in ${made.generateSeconds.toFixed(0)} s`);
}

const database: Database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
const explain = async (title: string, text: string) => {
  const res = (await database.db.execute(sql.raw(`explain (analyze, buffers, format text) ${text}`))) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  console.log(`\n## ${title}\n\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
};
try {
  const count = (await database.db.execute(sql`select count(*)::bigint as n from orders`)) as unknown as {
    rows: { n: string }[];
  };
  console.log(`# Plans at ${Number(count.rows[0]!.n).toLocaleString('en')} orders`);
  // Orders are partitioned by business month (migration 0014): how many rows each partition holds.
  const parts = (await database.db.execute(
    sql`select tableoid::regclass::text as part, count(*)::bigint as n from orders group by 1 order by 1`,
  )) as unknown as { rows: { part: string; n: string }[] };
  console.log(`\n${parts.rows.map((p) => `- ${p.part}: ${Number(p.n).toLocaleString('en')}`).join('\n')}`);
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const r = resolveFilter(1, orderFilter.parse({ mchNos: ['M100000001'], from: day(30), statuses: ['SUCCESS'] }), TZ);
  await explain('List, first page', inlineQuery(orderPageQuery(database.db, r, { limit: 20 }).toSQL()));
  const [deepest] = await orderPageQuery(database.db, r, { limit: 20_000 });
  const { nextCursor } = JSON.parse(deepest!.page) as { nextCursor: string | null };
  if (nextCursor)
    await explain(
      'List, 20 rows 20,000 deep',
      inlineQuery(orderPageQuery(database.db, r, { limit: 20, cursor: nextCursor }).toSQL()),
    );
  const oneDay = resolveFilter(1, orderFilter.parse({ mchNos: ['M100000001'], from: day(2), to: day(2) }), TZ);
  await explain('CSV export, one merchant-day', inlineSql(csvCopyQuery(ordersSheet(oneDay, 'en-US', TZ))));
} finally {
  await database.close();
}
