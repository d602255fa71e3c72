// `npm start`: build the web app and the server when a build is missing or older than its sources, then run the
// server in this same process (one Node process serves the web app and the API), or, with MCHWEB_PROCESSES=N on
// PostgreSQL, in N processes sharing the port (node:cluster), one per core: a Node process uses one core.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
const server = {
  built: path.join(root, 'apps/server/dist/server.mjs'),
  sources: ['apps/server/src', 'packages/contract/src', 'scripts/start.mjs'],
};

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

function isStale({ built, sources }) {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

if (process.env.WEB_DIST === undefined && isStale(web)) {
  console.log('Building the web app (its build is missing or older than its sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mchweb/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs as one bundled ES module: compiling TypeScript at every start (tsx) costs about half a second
// of a 3-second start. Packages stay in node_modules; only our workspaces (the contract) are bundled in.
if (isStale(server)) {
  const { build } = await import('esbuild'); // only when building: not on every start
  fs.rmSync(path.join(path.dirname(server.built), 'chunks'), { recursive: true, force: true }); // the last build's
  await build({
    // The cluster primary's metrics port (MCHWEB_PROCESSES with METRICS_PORT) is a second, small entry.
    entryPoints: {
      server: path.join(root, 'apps/server/src/server.ts'),
      'metrics-primary': path.join(root, 'apps/server/src/metrics-primary.ts'),
      // The embedded database's worker thread, started from a file of its own (db/pglite-in-worker.ts).
      'pglite-worker': path.join(root, 'apps/server/src/db/pglite-worker.mjs'),
    },
    outdir: path.dirname(server.built),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The app's modules (and the packages they import) are a chunk of their own that server.ts loads after it has
    // started copying and opening the database, so those run beside the loading instead of after it.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mchweb/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

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
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(server.built).href);
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
      pathToFileURL(path.join(path.dirname(server.built), 'metrics-primary.mjs')).href
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
