import fs from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { installQueueSchema } from '../queue.ts';
import { platformSecrets, platformSettings } from '../db/platform.tables.ts';
import { DEMO_TZ } from './demo-zone.ts';
import { TEMPLATE_CACHE_DIR, publishTemplate } from '../db/pglite-template.ts';
import { copyDirectory } from '../db/directory-copy.mjs';
import { demoCopyPlan, demoTemplateDir, demoTemplatePrefix } from './demo-copy.ts';
import type { ApiKeyMode } from '@mchweb/contract';
import { dropTemplateDatabases, emptyWal, walZerosAsHoles } from '../db/pglite-lean-copy.ts';

/*
 * A fresh data directory of `npm start` with the demo (issue 26): seeding 90 days of orders and settling each day
 * is about 2.5 s of a 3.6 s first start. The result of the seed depends on the day it runs (orders of "the last 90
 * days", settled T+1 up to yesterday), the migrations, the seed's code and PGlite's version, so it is built once per
 * day and machine into node_modules/.cache/mchweb (named by all four, and by its API keys' mode), with the demo's uploaded documents beside
 * the cluster, and every new data directory of that day starts as a copy of both (about 0.3 s).
 *
 * Why per day, not shifted: moving a copy made on another day forward would mean moving every date consistently
 * across tables (times, business days, settlement batches, the dates inside order and batch numbers, the ledger's
 * postings for each), which is easy to get subtly wrong and would have to follow every new table. So the first
 * new directory of a day builds that day's copy (as long as seeding in place used to take, plus the copy), and the
 * next ones that day copy it. A copy of another day, code or migrations is never used; the old ones are removed.
 */

/**
 * Make the new PGlite directory `dataDir/pglite` (and a new local `uploadDir`) a copy of today's demo, building it
 * first when this is the day's first. Returns false, leaving the directory to the usual start (migrate, seed in
 * place), when either directory already holds something, the copies are switched off
 * (MCHWEB_PGLITE_TEMPLATE=0), or anything goes wrong.
 */
export async function copyDemoInto(dataDir: string, uploadDir: string, keys: ApiKeyMode): Promise<boolean> {
  if (demoCopyPlan(dataDir, uploadDir, keys) === 'none') return false;
  try {
    const dir = demoTemplateDir(DEMO_TZ, keys);
    if (!fs.existsSync(path.join(dir, 'pglite/PG_VERSION'))) await buildDemoTemplate(dir, keys);
    const copies = demoCopyPlan(dataDir, uploadDir, keys);
    if (!Array.isArray(copies)) return false;
    // As a server's worker copies today's demo (startEmbeddedDatabaseWorker), the cluster first.
    return copies.every(({ from, to }) => copyDirectory(from, to));
  } catch {
    return false;
  }
}

/**
 * Today's demo: a directory as `npm start` would have left it after its first start (migrated, seeded, uploads
 * local, the job queue's queues made), closed. Only a day's first new directory loads the seed (and the app).
 */
async function buildDemoTemplate(dir: string, keys: ApiKeyMode) {
  const [{ seedDemoIfEmpty }, { createFileStorage }, { buildApp }] = await Promise.all([
    import('./seed-demo.ts'),
    import('../modules/upload/index.ts'),
    import('../app.ts'),
  ]);
  await publishTemplate(dir, demoTemplatePrefix(keys), async (partial) => {
    const database = await openDatabase({ databaseUrl: null, dataDir: partial });
    const exec = (text: string) => database.executeSql(text);
    try {
      // No WAL segment recycled as a future one (its old bytes would stay in the copy: emptyWal).
      await exec('SET wal_recycle = off');
      await database.migrate();
      const storage = createFileStorage({ uploadDir: path.join(partial, 'uploads'), s3: null });
      const config = loadConfig();
      await seedDemoIfEmpty(database.db, storage, { apiKeyMode: keys });
      await installQueueSchema(database);
      // Started once as a server starts, so that the job queue's queues and their tables are made here once a day
      // instead of by each copy's first start (0.35 to 0.55 s of it, quiet machine). What that start writes that
      // belongs to a server, not to the demo, is removed: the business time zone it was configured with (a copy
      // may be started with another MCHWEB_TZ) and its secrets (each directory makes its own).
      const app = await buildApp({ config, database, storage, logger: false });
      await app.ready();
      await app.close();
      await exec(`DELETE FROM ${getTableName(platformSettings)}`);
      await exec(`DELETE FROM ${getTableName(platformSecrets)}`);
      // What each copy writes: 16 MB instead of 44 (pglite-lean-copy.ts).
      await dropTemplateDatabases(exec);
      await emptyWal(exec);
    } finally {
      await database.close(); // a clean shutdown: the copy needs no recovery
    }
    walZerosAsHoles(path.join(partial, 'pglite'));
  });
  // Copies named before the keys' mode was in the name (`demo-<PGlite version>-...`): never used again.
  for (const name of fs.readdirSync(TEMPLATE_CACHE_DIR)) {
    if (/^demo-\d/.test(name)) fs.rmSync(path.join(TEMPLATE_CACHE_DIR, name), { recursive: true, force: true });
  }
}
