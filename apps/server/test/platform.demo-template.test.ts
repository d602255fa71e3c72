import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { copyDemoInto, demoTemplateDir } from '../src/sandbox/demo-template.ts';
import { DEMO_DAYS, DEMO_TZ } from '../src/sandbox/seed-demo.ts';
import { shanghaiDay } from './payment-fixtures.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-demo-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe.skipIf(Boolean(process.env.DATABASE_URL))('a new demo directory copied from the day’s demo (issue 26)', () => {
  it('has today’s demo figures, its uploaded documents and a balanced ledger', { timeout: 120_000 }, async () => {
    const dataDir = newDataDir();
    const uploadDir = path.join(dataDir, 'uploads');
    expect(await copyDemoInto(dataDir, uploadDir)).toBe(true);
    // Today's copy is kept for the next new directory; a copy made on another day has another name.
    expect(fs.existsSync(path.join(demoTemplateDir(DEMO_TZ), 'pglite/PG_VERSION'))).toBe(true);
    expect(demoTemplateDir(DEMO_TZ, new Date(Date.now() - 86_400_000))).not.toBe(demoTemplateDir(DEMO_TZ));

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
          (select count(*) from platform_secrets)::int as secrets`)) as unknown as {
        rows: {
          last_settled: string;
          orders: number;
          too_old: number;
          future: number;
          recent: number;
          users: number;
          secrets: number;
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
      expect(await checkLedger(database.db)).toEqual([]);
      // The demo applications' documents are in the new directory's uploads.
      expect(fs.readdirSync(uploadDir, { recursive: true }).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // A directory that already holds something is left alone.
    expect(await copyDemoInto(dataDir, uploadDir)).toBe(false);
  });
});
