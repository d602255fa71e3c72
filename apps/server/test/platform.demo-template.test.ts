import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { copyDemoInto } from '../src/sandbox/demo-template.ts';
import { demoTemplateDir } from '../src/sandbox/demo-copy.ts';
import { DEMO_DAYS, DEMO_TZ } from '../src/sandbox/seed-demo.ts';
import { shanghaiDay } from './payment-fixtures.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-demo-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The bytes `dir` takes on disk (holes are not counted): what a copy of it wrote. */
const onDisk = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const file = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? onDisk(file) : fs.statSync(file).blocks * 512);
  }, 0);

describe.skipIf(Boolean(process.env.DATABASE_URL))('a new demo directory copied from the day’s demo (issue 26)', () => {
  it('has today’s demo figures, its uploaded documents and a balanced ledger', { timeout: 120_000 }, async () => {
    const dataDir = newDataDir();
    const uploadDir = path.join(dataDir, 'uploads');
    expect(await copyDemoInto(dataDir, uploadDir, 'test')).toBe(true);
    // Today's copy is kept for the next new directory; a copy made on another day has another name.
    expect(fs.existsSync(path.join(demoTemplateDir(DEMO_TZ, 'test'), 'pglite/PG_VERSION'))).toBe(true);
    const yesterday = new Date(Date.now() - 86_400_000);
    expect(demoTemplateDir(DEMO_TZ, 'test', yesterday)).not.toBe(demoTemplateDir(DEMO_TZ, 'test'));
    // A public demo server's copy (live keys) is another copy: neither server copies the other's keys.
    expect(demoTemplateDir(DEMO_TZ, 'live')).not.toBe(demoTemplateDir(DEMO_TZ, 'test'));

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await database.migrate();
      const { rows } = (await database.db.execute(sql`
        select (select max(settle_date) from settlements where status = 'SETTLED')::text as last_settled,
          (select count(*) from orders)::int as orders,
          (select count(*) from orders where created_at < now() - interval '${sql.raw(String(DEMO_DAYS + 1))} days')::int as too_old,
          (select count(*) from orders where created_at > now())::int as future,
          (select count(*) from orders where created_at > now() - interval '2 days')::int as recent,
          (select count(*) from users)::int as users,
          (select count(*) from platform_secrets)::int as secrets,
          (select count(*) from platform_settings)::int as settings,
          (select count(*) from pgboss.queue)::int as queues`)) as unknown as {
        rows: {
          last_settled: string;
          orders: number;
          too_old: number;
          future: number;
          recent: number;
          users: number;
          secrets: number;
          settings: number;
          queues: number;
        }[];
      };
      const r = rows[0]!;
      expect(r.last_settled).toBe(shanghaiDay(-1)); // settled T+1 up to yesterday
      expect(r.orders).toBeGreaterThan(1_000);
      expect(r.too_old).toBe(0); // orders within the last 90 days...
      expect(r.future).toBe(0);
      expect(r.recent).toBeGreaterThan(0); // ... up to today
      expect(r.users).toBe(4);
      expect(r.secrets).toBe(0); // each directory makes its own secrets on first start
      expect(r.settings).toBe(0); // and writes its own business time zone (a copy may be started in another)
      // The job queue's queues (a table each) were made once for the day, not by each copy's first start.
      expect(r.queues).toBeGreaterThan(0);
      expect(await checkLedger(database.db)).toEqual([]);
      // The copy asked for test keys holds test keys only (a public demo server asks for live ones).
      const modes = await database.executeSql('select distinct mode from api_keys', []);
      expect(modes.rows).toEqual([{ mode: 'test' }]);
      // The demo applications' documents are in the new directory's uploads.
      expect(fs.readdirSync(uploadDir, { recursive: true }).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // The copy wrote 16 MB (it was 46 MB: the build's WAL and initdb's two template databases), and it is a
    // cluster like any other: it takes writes, and has them after a restart.
    expect(onDisk(path.join(dataDir, 'pglite'))).toBeLessThan(20 * 2 ** 20);
    for (const step of ['create table copy_check as select generate_series(1, 50000) as n', 'select 1']) {
      const reopened = await openDatabase({ databaseUrl: null, dataDir });
      try {
        await reopened.executeSql(step);
        const { rows } = await reopened.executeSql('select count(*)::int as n from copy_check');
        expect(rows[0]!.n).toBe(50_000);
      } finally {
        await reopened.close();
      }
    }
    // A directory that already holds something is left alone.
    expect(await copyDemoInto(dataDir, uploadDir, 'test')).toBe(false);
  });
});
