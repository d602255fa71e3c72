// `npm start`: build the web app and the server when a build is missing or older than its sources, then run the
// server in this same process (one Node process serves the web app and the API).
import { spawnSync } from 'node:child_process';
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
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: server.built,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
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

process.setSourceMapsEnabled(true);
await import(pathToFileURL(server.built).href);
