/**
 * Issue 26, start-up: `node scripts/start.mjs` (what `npm start` runs) on a new PGlite data directory against
 * reopening the same directory, side by side, timed from spawn to `/readyz` answering 200. Also the first new
 * directory of a day, which builds that day's copy of the demo (apps/server/src/sandbox/demo-template.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_CACHE_DIR } from '../../apps/server/src/db/pglite-template.ts';
import { startServer, stopServer, type Running } from './server.bench.ts';

const TARGET_MS = 1500;
const RUNS = 3;
const API_ONLY = { WEB_DIST: '/nonexistent' };

/** Stop the server, keeping its data directory for a reopen. */
async function stopKeeping(s: Running) {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function startupBench() {
  // A start that brings the server bundle up to date (scripts/start.mjs builds what is stale), not measured.
  await stopServer(await startServer(API_ONLY));
  // The day's first new directory: no copy of today's demo yet.
  for (const name of fs.readdirSync(TEMPLATE_CACHE_DIR)) {
    if (name.startsWith('demo-')) fs.rmSync(path.join(TEMPLATE_CACHE_DIR, name), { recursive: true, force: true });
  }
  const first = await startServer(API_ONLY);
  await stopServer(first);
  const fresh: number[] = [];
  const reopen: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-startup-'));
    const s = await startServer(API_ONLY, dir);
    fresh.push(s.readyMs);
    await stopKeeping(s);
    const again = await startServer(API_ONLY, dir);
    reopen.push(again.readyMs);
    await stopServer(again);
  }
  const f = median(fresh);
  return {
    title: 'Start-up: a new data directory against reopening one (PGlite)',
    markdown: [
      '`node scripts/start.mjs` (what `npm start` runs, bundle up to date, API only) with a temporary `DATA_DIR` and',
      `\`PORT\`, timed from spawn to \`/readyz\` answering 200; ${RUNS} rounds of a new directory, then the same directory reopened.`,
      '',
      '| start | runs (s) | median | target |',
      '|---|---|---:|---|',
      `| new directory (copy of today's demo) | ${fresh.map(seconds).join(', ')} | ${seconds(f)} s | <= ${seconds(TARGET_MS)} s (${f <= TARGET_MS ? 'meets' : '**misses**'}) |`,
      `| same directory reopened | ${reopen.map(seconds).join(', ')} | ${seconds(median(reopen))} s | |`,
      `| the day's first new directory (builds the day's copy) | ${seconds(first.readyMs)} | | |`,
    ].join('\n'),
  };
}

if (process.argv[1]?.endsWith('startup.bench.ts')) {
  startupBench().then((r) => console.log(`## ${r.title}\n\n${r.markdown}`));
}
