// The server's bundle (apps/server/dist): built by `npm start` (scripts/start.mjs) when it is missing or older than
// its sources, and before the browser tests (scripts/test.mjs), whose servers run it as `npm start` does.
// `node scripts/build-server.mjs` builds it when stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SEEDED_FROM, sourcesHash } from '../apps/server/src/db/sources-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');
const server = {
  built: SERVER_BUNDLE,
  // The migrations too: the bundle names the demo's copy by a hash of them (below).
  sources: ['apps/server/src', 'apps/server/drizzle', 'packages/contract/src', 'scripts/build-server.mjs'],
};

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** Whether `built` is missing or older than the newest file under `sources` (paths from the repository's root). */
export function isStale({ built, sources }) {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

// The server runs as one bundled ES module: compiling TypeScript at every start (tsx) costs about half a second
// of a 3-second start. Most packages are bundled in too: loading them one file at a time from node_modules
// (resolving, reading package.json, wrapping each CommonJS file) was a quarter of a start's main thread (issue 26).
// Left in node_modules: what finds its own files beside its code (WebAssembly, fonts, static pages, package.json),
// native addons, pino's worker-thread transports, and every package the code imports with import() when first
// used (the channels' and cloud SDKs, the password judge's dictionaries): a bundled import() of a CommonJS package
// does not give the named exports Node's does (seen: the password judge's class was undefined).
const UNBUNDLED = [
  '@electric-sql/pglite', // its .wasm and .data files
  '@node-rs/argon2', // native addon
  'pdfkit', // its font files
  'pino',
  'pino-pretty',
  'thread-stream', // worker threads by file name
  '@fastify/swagger', // reads its package.json by __dirname
  '@fastify/swagger-ui', // serves its static files
  'ioredis', // uses __dirname in its error stacks
  'alipay-sdk',
  '@alicloud/dysmsapi20170525',
  '@alicloud/openapi-core',
  'tencentcloud-sdk-nodejs-sms',
  '@aws-sdk/client-s3',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  'pg-native', // pg's optional native binding, absent
];
const unbundled = (specifier) => UNBUNDLED.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Bundle the server (apps/server/dist) when it is missing or older than its sources. */
export async function buildServerIfStale() {
  if (!isStale(server)) return;
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
    // Stack traces need the maps' mappings only. Node reads and parses a module's map when it loads the module
    // (source maps on, scripts/start.mjs): with the sources' text in it, the app chunk's was 4.7 MB.
    sourcesContent: false,
    // The hash that names the demo's copy (sandbox/demo-copy.ts), of the files this bundle is built from:
    // hashed here once rather than at every start of a new data directory, before its copy can begin.
    define: { MCHWEB_DEMO_SOURCES_HASH: JSON.stringify(sourcesHash(root, DEMO_SEEDED_FROM)) },
    logLevel: 'warning',
    // A CommonJS package bundled into an ES module calls `require` for Node's own modules: give it one.
    banner: {
      js: "import { createRequire as mchwebRequire } from 'node:module'; const require = mchwebRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'unbundled-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            unbundled(args.path) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServerIfStale();
