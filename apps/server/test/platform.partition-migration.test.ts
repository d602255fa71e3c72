import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/db/client.ts';

// Migration 0015 (orders, ledger entries and audit rows partitioned by month) on a database that has data in the
// shape before it (0014): every row kept, in its month's partition, the ids going on, refunds and keys carrying the order's
// created_at. On PGlite, and on PostgreSQL when DATABASE_URL is set.
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-0014-'));
fs.cpSync(MIGRATIONS_DIR, before, { recursive: true });
fs.rmSync(path.join(before, '0015_partition_by_month.sql'));
const journalFile = path.join(before, 'meta/_journal.json');
const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
journal.entries = journal.entries.filter((e) => e.tag !== '0015_partition_by_month');
fs.writeFileSync(journalFile, JSON.stringify(journal));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

type Exec = (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;
interface Target {
  exec: Exec;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function target(): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite();
    const db = drizzle(client);
    return {
      exec: async (q) => (await db.execute(q)).rows as Record<string, unknown>[],
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const name = `mchweb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  const db = drizzle(client);
  return {
    exec: async (q) => (await db.execute(q)).rows as Record<string, unknown>[],
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0015: partitioning by month converts existing data', () => {
  it('keeps every row, in its month, with the keys unique platform-wide and the foreign keys on both columns', async () => {
    const t = await target();
    try {
      await t.migrate(before);
      // The shape before: 120 orders over 100 days (microsecond times), a refund of every tenth, entries, audit rows.
      await t.exec(sql`insert into users (mobile, password_hash) values ('13700000001', 'x')`);
      await t.exec(sql`insert into companies (name, credit_code, contact_name, contact_mobile, created_by)
        values ('C', '91310000000000000X', 'A', '13700000001', 1)`);
      await t.exec(sql`insert into merchants (company_id, mch_no, name, short_name, type)
        values (1, 'M1', 'M', 'M', 'INDIVIDUAL')`);
      await t.exec(sql`insert into orders (order_no, company_id, merchant_id, code_no, channel, status, amount_fen,
          rate_tenths, fee_fen, idempotency_key, request_hash, created_at)
        select 'P' || i, 1, 1, 'C1', 'WECHAT', 'SUCCESS', 100 * i, 38, i, 'k' || i, 'h',
          now() - (i * interval '20 hours') - interval '0.123456 seconds'
        from generate_series(1, 120) i`);
      await t.exec(sql`insert into refunds (refund_no, company_id, order_id, amount_fen, fee_refund_fen, reason,
          idempotency_key, request_hash)
        select 'R' || id, 1, id, 10, 0, 'r', 'rk' || id, 'h' from orders where id % 10 = 0`);
      await t.exec(sql`insert into ledger_transactions (kind, ref_no, company_id, created_at)
        select 'PAYMENT', order_no, 1, created_at from orders`);
      await t.exec(sql`insert into ledger_entries (transaction_id, account, amount_fen, created_at)
        select id, a, case a when 'x' then 5 else -5 end, created_at from ledger_transactions, (values ('x'), ('y')) v(a)`);
      await t.exec(sql`insert into audit_log (company_id, action, at)
        select 1, 'test', now() - (i * interval '3 days') from generate_series(1, 30) i`);
      const count = async () =>
        (
          await t.exec(sql`select (select count(*) from orders)::int as orders, (select count(*) from refunds)::int as
            refunds, (select count(*) from ledger_entries)::int as entries, (select sum(amount_fen) from ledger_entries)::int
            as balance, (select count(*) from audit_log)::int as audit, (select max(id) from orders)::int as last_id`)
        )[0];
      const was = await count();

      await t.migrate(MIGRATIONS_DIR);

      expect(await count()).toEqual(was);
      const [kept] = await t.exec(sql`select
          (select count(*) from orders_default)::int + (select count(*) from ledger_entries_default)::int
            + (select count(*) from audit_log_default)::int as in_default,
          (select count(distinct tableoid) from orders)::int
            - (select count(distinct to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM')) from orders)::int
            as months_not_one_partition_each,
          (select count(*) from order_keys k join orders o on o.id = k.order_id and o.created_at = k.created_at)::int
            as keys,
          (select count(*) from refunds f join orders o on o.id = f.order_id and o.created_at = f.order_created_at)::int
            as refunds,
          (select relkind::text from pg_class where relname = 'orders') as kind`);
      expect(kept).toEqual({ in_default: 0, months_not_one_partition_each: 0, keys: 120, refunds: 12, kind: 'p' });
      // New rows take ids after the old ones; the same order number again is refused by order_keys.
      const [next] = await t.exec(sql`insert into orders (order_no, company_id, merchant_id, channel, amount_fen,
          rate_tenths, fee_fen, idempotency_key, request_hash) values ('P-new', 1, 1, 'WECHAT', 1, 38, 0, 'n', 'h')
        returning id`);
      expect(Number(next!.id)).toBe(Number(was!.last_id) + 1);
      await expect(
        t.exec(sql`insert into order_keys (order_id, created_at, order_no, idempotency_key)
          select id, created_at, 'P1', 'other' from orders where order_no = 'P-new'`),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
