// `npm start`: build the web app and the server when a build is missing or older than its sources, then run the
// server in this same process (one Node process serves the web app and the API), or, with MCHWEB_PROCESSES=N on
// PostgreSQL, in N processes sharing the port (node:cluster), one per core: a Node process uses one core.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale, isStale, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = {
  built: path.join(root, 'apps/web/dist/index.html'),
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/prerender.ts',
    'apps/web/prerender-document.ts',
    'packages/contract/src',
  ],
};
if (process.env.WEB_DIST === undefined && isStale(web)) {
  console.log('Building the web app (its build is missing or older than its sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mchweb/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await buildServerIfStale();

const processes = process.env.MCHWEB_PROCESSES ? Number(process.env.MCHWEB_PROCESSES) : 1;
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(`MCHWEB_PROCESSES must be a whole number from 1 to 64, not "${process.env.MCHWEB_PROCESSES}"`);
  process.exit(1);
}
if (cluster.isPrimary && processes > 1) {
  if (!process.env.DATABASE_URL) {
    console.error(
      'MCHWEB_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): the embedded database opens in one process.',
    );
    process.exit(1);
  }
  superviseProcesses(processes);
} else {
  // Node 22 and later keep V8's compiled code of the server's modules on disk between starts: about a fifth of the
  // main thread's start (issue 26). Node 20 has no such cache.
  module.enableCompileCache?.(path.join(root, 'node_modules/.cache/mchweb/compile'));
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(SERVER_BUNDLE).href);
}

/**
 * The primary of N server processes. The first starts alone (it migrates the database and seeds the demo data),
 * the others once it listens. One that exits while serving is replaced; one that exits before it listens stops
 * everything (a configuration the others would refuse too). SIGTERM or SIGINT reaches each, which finishes its
 * requests; the primary exits when they have, 0 if they all stopped cleanly.
 */
function superviseProcesses(n) {
  let stopping = false;
  let failed = false;
  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => (worker.serving = true));
    return worker;
  };
  start().once('listening', () => {
    for (let i = 1; i < n && !stopping; i++) start();
    if (process.env.METRICS_PORT) void serveMetrics();
  });
  // GET /metrics on METRICS_PORT with every process's series added up (apps/server/src/metrics-primary.ts).
  const serveMetrics = async () => {
    const { serveClusterMetrics } = await import(
      pathToFileURL(path.join(path.dirname(SERVER_BUNDLE), 'metrics-primary.mjs')).href
    );
    try {
      await serveClusterMetrics((err) => console.error(`mchweb: metrics port: ${err.message}`));
    } catch (err) {
      console.error(`mchweb: cannot serve METRICS_PORT: ${err.message}`);
      failed = true;
      stop();
    }
  };
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && worker.serving) {
      console.error(`mchweb: server process ${worker.process.pid} exited (${signal ?? code}); starting another`);
      start();
      return;
    }
    // Stopping, a process still starting ends by the signal itself (its handler comes once it serves): as asked.
    if (code !== 0 && !(stopping && signal === 'SIGTERM')) failed = true;
    if (!stopping) stop();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stop);
}
