// `npm start`: build the web app when its build is missing or older than its sources, then run the server in
// this same process (one Node process serves the web app and the API).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

export function webBuildIsStale() {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

if (process.env.WEB_DIST === undefined && webBuildIsStale()) {
  console.log('Building the web app (its build is missing or older than its sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mchweb/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/server.ts'));
