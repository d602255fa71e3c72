/**
 * Where a signed-in GET spends its time (issue 14, item 11): the server started as `npm start` does, under
 * `node --cpu-prof`, driven with getCurrentUser at 50 connections, then the profile summed up by what the
 * time went to (a hook, serialisation, the socket...) in microseconds per request. Not part of `npm run bench`.
 *
 *   node --import tsx scripts/bench/cpu-profile.ts [out-dir]        profile and summarise
 *   node --import tsx scripts/bench/cpu-profile.ts --summarise dir   summarise a profile made before
 *
 * PROFILE_ROOT runs another checkout (to compare with an earlier commit); PROFILE_SECONDS (default 8). To drive a
 * read-only POST instead: PROFILE_PATH (e.g. /api/merchant/order/list) and PROFILE_BODY (its JSON), on
 * PROFILE_DATABASE_URL (a PostgreSQL database with the orders benchmark's data) rather than a fresh PGlite.
 * PROFILE_CONNECTIONS (default 50): 1 shows where the time of one request at a time goes (waits included).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, signIn } from './server.bench.ts';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface Run {
  requests: number;
  seconds: number;
  /** Milliseconds from the end of the measured run to the end of the profile (the shutdown). */
  tailMs: number;
}

/** What a frame's time is put down to; the first frame from the leaf up that names one decides. */
function categorise(frame: Frame, moduleOf: (file: string, line: number) => string): string | null {
  const { functionName: fn, url } = frame;
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)') return 'idle (waiting for the load generator)';
  if (fn === 'writev' || fn === 'writevGeneric' || fn === 'writeUtf8String') return 'socket write (system call)';
  // The server's bundle: its entry and the chunks it loads (scripts/start.mjs splits them).
  // Most packages are bundled in too: a bundled line is put down to its package as one loaded from node_modules is.
  const bundled = /\/dist\/(?:chunks\/)?([^/]+\.mjs)$/.exec(url)?.[1];
  const source = bundled ? moduleOf(bundled, frame.lineNumber) : null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source ?? url)?.[1];
  if (source && !pkg) return `app: ${source}`;
  if (pkg === 'fastify-type-provider-zod' || pkg === 'zod' || (url === '' && fn === '' && frame.lineNumber === 2))
    return 'response schema: zod encode + JSON.stringify';
  if (pkg === 'helmet' || pkg === '@fastify/helmet') return 'security headers (helmet)';
  if (pkg === 'pino' || pkg === '@pinojs/redact' || pkg === 'pino-std-serializers') return 'logging (pino child)';
  if (pkg === 'cookie') return '@fastify/cookie';
  if (pkg === 'find-my-way') return 'fastify';
  if (pkg === '@electric-sql/pglite' || pkg === 'drizzle-orm' || url.startsWith('wasm://')) return 'database';
  if (pkg) return pkg;
  // Node's own code (headers, crypto, streams) is put down to whoever called it: helmet's setHeader, XSRF's HMAC.
  return null;
}

/** The source module (ours, or a package's file) of each line of the bundle, from esbuild's `// path` comments. */
function bundleModules(bundle: string): (line: number) => string {
  const starts: [number, string][] = [];
  bundle.split('\n').forEach((text, i) => {
    const m = /^\/\/ ((?:apps|packages|node_modules)\/\S+\.[cm]?[jt]s)$/.exec(text);
    if (m) starts.push([i, m[1]!.replace(/^apps\/server\/src\//, '')]);
  });
  return (line) => {
    let name = 'bundle';
    for (const [start, module] of starts) if (start <= line) name = module;
    return name;
  };
}

export function summarise(dir: string): string {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const run = JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8')) as Run;
  const bundles = new Map(
    fs
      .readdirSync(path.join(dir, 'bundle'))
      .map((f) => [f, bundleModules(fs.readFileSync(path.join(dir, 'bundle', f), 'utf8'))] as const),
  );
  const moduleOf = (file: string, line: number) => bundles.get(file)?.(line) ?? 'bundle';
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const category = new Map<number, string>();
  const categoryOf = (id: number): string => {
    let found = category.get(id);
    if (found === undefined) {
      const node = byId.get(id)!;
      const up = parent.get(id);
      found =
        categorise(node.callFrame, moduleOf) ??
        (up === undefined ? 'node: HTTP parser, streams, timers (no JS caller)' : categoryOf(up));
      category.set(id, found);
    }
    return found;
  };
  // Only the measured run: the samples between its end (the profile's end less the shutdown) and its start.
  const ends: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) ends.push((t += delta));
  const last = t - run.tailMs * 1000;
  const first = last - run.seconds * 1e6;
  const spent = new Map<string, number>();
  for (let i = 1; i < profile.samples.length; i++) {
    if (ends[i]! < first || ends[i]! > last) continue;
    const name = categoryOf(profile.samples[i]!);
    spent.set(name, (spent.get(name) ?? 0) + profile.timeDeltas[i]!);
  }
  const perRequest = (us: number) => (us / run.requests).toFixed(1).padStart(6);
  const rows = [...spent].sort((a, b) => b[1] - a[1]).filter(([, us]) => us / run.requests >= 0.3);
  return [
    `${run.requests} requests in ${run.seconds} s (${Math.round(run.requests / run.seconds)}/s under the profiler)`,
    'µs/request  what',
    ...rows.map(([name, us]) => `${perRequest(us)}      ${name}`),
    `${perRequest([...spent.values()].reduce((a, b) => a + b, 0))}      total, idle included`,
  ].join('\n');
}

async function profile(dir: string) {
  const root = path.resolve(process.env.PROFILE_ROOT ?? path.join(import.meta.dirname, '../..'));
  const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-profile-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...{
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.PROFILE_DATABASE_URL ?? '',
        REDIS_URL: '',
      },
      ...{ LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST: '/nonexistent' },
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  while (
    (await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = `${base}${process.env.PROFILE_PATH ?? '/api/merchant/user/getCurrentUser'}`;
  const body = process.env.PROFILE_BODY;
  const token = await signIn(base);
  // The XSRF value is bound to the session whose calls echo it.
  const first = await fetch(`${base}/api/merchant/user/getCurrentUser`, { headers: { token } });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  // Compressed answers, as a browser (and the orders benchmark) asks for them: compression is part of the cost.
  const headers = {
    token,
    'accept-encoding': 'br, gzip',
    ...(body ? { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf } : {}),
  };
  const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
  const load = { url, headers, connections, ...(body ? { method: 'POST' as const, body } : {}) };
  await autocannon({ ...load, duration: 2 }); // warm-up: JIT, caches
  const result = await autocannon({ ...load, duration: seconds });
  if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
  const stopped = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const run: Run = { requests: result.requests.total, seconds, tailMs: performance.now() - stopped };
  fs.writeFileSync(path.join(dir, 'run.json'), JSON.stringify(run));
  // The bundle's files as they ran, to put each frame down to the module it came from.
  const dist = path.join(root, 'apps/server/dist');
  fs.mkdirSync(path.join(dir, 'bundle'), { recursive: true });
  for (const f of [...fs.readdirSync(dist), ...fs.readdirSync(path.join(dist, 'chunks')).map((c) => `chunks/${c}`)])
    if (f.endsWith('.mjs')) fs.copyFileSync(path.join(dist, f), path.join(dir, 'bundle', path.basename(f)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const [first, second] = process.argv.slice(2);
  const dir = first === '--summarise' ? second! : (first ?? path.join(os.tmpdir(), 'mchweb-cpu-profile'));
  if (first !== '--summarise') await profile(dir);
  console.log(`${summarise(dir)}\n(profile in ${dir})`);
}
