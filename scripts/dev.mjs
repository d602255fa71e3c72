// `npm run dev`: the API (restarted on change by tsx watch) and the Vite dev server with hot reload, which
// proxies /api to it. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@mchweb/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MCHWEB_API: `http://127.0.0.1:${port}` },
  }),
];
console.log(`API on http://127.0.0.1:${port}, web with hot reload on http://127.0.0.1:5173/mchweb/`);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
