import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client.ts';
import { users } from '../src/modules/user/user.tables.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-data-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database in a data directory', () => {
  it('a new data directory starts migrated and empty, from the cached copy, and keeps its own data', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir: newDataDir() });
    await first.migrate();
    await first.db.insert(users).values({ mobile: '13700000001', passwordHash: 'x' });
    await first.close();
    // After one new directory on this machine, the migrated empty cluster to copy exists, and only one.
    const cache = path.join(REPO_ROOT, 'node_modules/.cache/mchweb');
    const templates = fs.readdirSync(cache).filter((n) => n.startsWith('pglite-') && !n.endsWith('.partial'));
    expect(templates).toHaveLength(1);
    expect(fs.existsSync(path.join(cache, templates[0]!, 'PG_VERSION'))).toBe(true);

    const dir = newDataDir();
    const second = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await second.migrate();
      const applied = (await second.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: unknown[] };
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      expect(await second.db.select().from(users)).toEqual([]); // not the first directory's user
      await second.db.insert(users).values({ mobile: '13700000002', passwordHash: 'x' });
    } finally {
      await second.close();
    }
    // Reopened, the directory keeps what was written.
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await again.migrate();
      expect((await again.db.select().from(users)).map((u) => u.mobile)).toEqual(['13700000002']);
    } finally {
      await again.close();
    }
  });
});
