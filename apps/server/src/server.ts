import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { TimeZoneMismatch } from './db/business-time-zone.ts';
import { startEmbeddedDatabaseWorker } from './db/pglite-in-worker.ts';
import { preloadPackages } from './preload.ts';
import { demoCopyPlan } from './sandbox/demo-copy.ts';

/*
 * What this file imports is loaded before main() runs, and so before PGlite's thread starts: only what main() needs
 * first. The database's client (node-postgres, drizzle's drivers), the demo's builder and the app are loaded by
 * import() once PGlite's thread is at work.
 */

/** Listen: open and migrate the database, seed demo data into an empty one, serve, and stop cleanly on SIGTERM. */
async function main() {
  const config = loadConfig();
  // A new embedded demo directory starts as a copy of today's demo instead of being seeded (demo-copy.ts).
  const keys = config.sandbox ? 'test' : 'live';
  const plan =
    config.seedDemo && !config.databaseUrl && !config.s3
      ? demoCopyPlan(config.dataDir, config.uploadDir, keys)
      : 'none';
  // The embedded database's thread loads PGlite while the app's modules load, and opens an existing directory, or
  // copies today's demo and opens the copy, without waiting for this thread. A directory that is neither (the
  // day's first new one, which builds the copy first, or one without the demo) is opened by openDatabase.
  const dataPath = path.join(config.dataDir, 'pglite');
  const opensAtOnce = Array.isArray(plan) ? plan : fs.existsSync(path.join(dataPath, 'PG_VERSION')) ? [] : null;
  const copiedDemo = config.databaseUrl
    ? Promise.resolve(false)
    : opensAtOnce
      ? startEmbeddedDatabaseWorker({ dataDir: dataPath, copies: opensAtOnce }).then((c) => c && opensAtOnce.length > 0)
      : startEmbeddedDatabaseWorker().then(async () =>
          plan === 'build'
            ? (await import('./sandbox/demo-template.ts')).copyDemoInto(config.dataDir, config.uploadDir, keys)
            : false,
        );
  const opening = copiedDemo
    .then(() => import('./db/client.ts'))
    .then(({ openDatabase }) => openDatabase(config))
    .then(async (db) => {
      await db.migrate();
      return db;
    });
  opening.catch(() => {}); // awaited below; this only avoids an unhandled-rejection report while modules load
  const [
    { buildApp },
    { seedDemoIfEmpty, DEMO_PASSWORD, DEMO_ACCOUNTS },
    { accountsWithDemoPassword },
    { createFileStorage },
  ] = await Promise.all([
    import('./app.ts'),
    import('./sandbox/seed-demo.ts'),
    import('./sandbox/demo-check.ts'),
    import('./modules/upload/index.ts'),
  ]);
  preloadPackages(config); // while the database opens (PGlite boots in its thread)
  const database = await opening;
  // The demo applications' documents are real uploads, in the storage the app will serve them from.
  const seeded = config.seedDemo
    ? (await copiedDemo) || (await seedDemoIfEmpty(database.db, createFileStorage(config), { apiKeyMode: keys }))
    : false;
  if (config.production && !config.seedDemo) {
    const open = await accountsWithDemoPassword(database.db);
    if (open.length > 0) {
      await database.close();
      console.error(
        `mchweb refuses to start in production: the demo account${open.length > 1 ? 's' : ''} ${open.join(', ')} ` +
          `still sign${open.length > 1 ? '' : 's'} in with the published demo password.\n` +
          'Use a database without demo data (make the first owner with `npm run ops -- user:create`), ' +
          'or set SEED_DEMO=true if this server is meant to be a public demo. See docs/operations.md.',
      );
      process.exit(1);
    }
  }
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Stop accepting, let in-flight requests finish, then close the database (onClose).
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      // Node's server.close() drops the connections idle at that moment only; a connection whose request was
      // in flight stays open (kept alive) after its answer and would hold the shutdown until the force exit.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // Of several processes (MCHWEB_PROCESSES, scripts/start.mjs) the first says where; the others are quiet.
  if (cluster.isWorker && cluster.worker!.id > 1) return;
  const processes = cluster.isWorker ? `, ${process.env.MCHWEB_PROCESSES} processes` : '';
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}/mchweb/`;
  // Only what is true of this server: no docs line when the docs are not published, a warning when the sandbox is
  // on anywhere but a developer's machine.
  const lines = [
    '',
    `  mchweb is running at ${url} (${config.env})`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data seeded' : ''}${processes}`,
    ...(config.seedDemo ? [`  demo sign-in: ${DEMO_ACCOUNTS.owner} / ${DEMO_PASSWORD} (owner)`] : []),
    ...(config.apiDocs ? [`  API docs: http://${shownHost}:${config.port}/api/docs`] : []),
    ...(config.sandbox && config.env !== 'development'
      ? [`  WARNING: the sandbox is on in ${config.env}: SMS codes are readable and anyone may mark orders paid`]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  // A wrong setting is told as such, without a stack trace that would hide it.
  console.error(err instanceof ConfigError || err instanceof TimeZoneMismatch ? err.message : err);
  process.exit(1);
});
