// `npm run cluster`: the whole production topology on this machine's loopback (issue 29): etcd, three PostgreSQL
// members under Patroni (one synchronous standby), HAProxy (PostgreSQL's leader and replicas by Patroni's REST API,
// and the application nodes), PgBouncer in transaction mode, Redis, a local S3 store (s3rver, the tests' own) and
// three application nodes. It installs nothing: it names the Debian packages it misses and stops.
//
//   npm run cluster            start everything (state, logs and pids in /tmp/mchweb-cluster), print the address
//   npm run cluster -- stop    stop everything it started, by pid
//   npm run cluster -- test    the failover test and throughput by nodes (scripts/cluster/load-test.mjs)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DATABASE,
  DIR,
  PORTS,
  SERVICE_USER,
  etcdArgs,
  haproxyCfg,
  memberName,
  patroniYaml,
  pgbouncerIni,
  urls,
} from './cluster/topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PIDS = path.join(DIR, 'pids.json');
const LOGS = path.join(DIR, 'logs');

/** The programs, and the Debian package each comes in. */
const NEEDED = [
  ['etcd', 'etcd-server'],
  ['patroni', 'patroni'],
  ['haproxy', 'haproxy'],
  ['pgbouncer', 'pgbouncer'],
  ['redis-server', 'redis-server'],
];

const which = (program) => {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin']))
    if (fs.existsSync(path.join(dir, program))) return path.join(dir, program);
  return null;
};

/** PostgreSQL's server binaries (Debian keeps them out of PATH, under /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const majors = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const major = majors.find((m) => fs.existsSync(path.join(base, m, 'bin/postgres')));
  return major ? path.join(base, major, 'bin') : null;
}

function checkPackages() {
  const missing = NEEDED.filter(([program]) => !which(program)).map(([, pkg]) => pkg);
  if (!postgresBin()) missing.push('postgresql');
  if (missing.length) {
    console.error(
      `npm run cluster needs these Debian packages, not installed here: ${missing.join(', ')}\n` +
        `  sudo apt-get install ${missing.join(' ')}\n(the script installs nothing by itself)`,
    );
    process.exit(1);
  }
}

const readPids = () => (fs.existsSync(PIDS) ? JSON.parse(fs.readFileSync(PIDS, 'utf8')) : []);
const writePids = (list) => fs.writeFileSync(PIDS, JSON.stringify(list, null, 2));
export const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Start a program in the background with its output in logs/<name>.log; its pid is remembered for `stop`. */
function launch(name, command, args, opts = {}) {
  const out = fs.openSync(path.join(LOGS, `${name}.log`), 'a');
  // setpriv execs the program itself, so the pid kept is the program's, not a wrapper's.
  const asUser = opts.asServiceUser && process.getuid?.() === 0;
  const [cmd, argv] = asUser
    ? ['setpriv', [`--reuid=${SERVICE_USER}`, `--regid=${SERVICE_USER}`, '--init-groups', command, ...args]]
    : [command, args];
  const child = spawn(cmd, argv, {
    cwd: opts.cwd ?? DIR,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  writePids([...readPids(), { name, pid: child.pid }]);
  return child.pid;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, check, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not come up within ${seconds} s (logs in ${LOGS})`);
}

const httpOk = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok);

/** Patroni's view of the cluster: each member's role and state. */
export async function members() {
  for (const port of PORTS.rest) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/cluster`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return (await r.json()).members;
    } catch {
      // that member is down: ask the next
    }
  }
  return [];
}

function psql(port, sql, database = 'postgres') {
  return execFileSync(
    path.join(postgresBin(), 'psql'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atc', sql],
    // Its refusals while waiting for a server are expected: the caller reports what stays wrong.
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}

/** The environment of application node i. */
export function nodeEnv(i, seed) {
  return {
    NODE_ENV: '',
    MCHWEB_ENV: 'development',
    PORT: String(PORTS.nodes[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: urls.pooled,
    DATABASE_DIRECT_URL: urls.direct,
    DATABASE_REPLICA_URL: urls.replica,
    MCHWEB_NODES: '3',
    REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
    S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
    S3_BUCKET: 'mchweb',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: 'loopback',
    SEED_DEMO: seed ? 'true' : 'false',
    ACCESS_CACHE_MS: '3000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    MCHWEB_CONNECTIONS_PER_ADDRESS: '0',
    MCHWEB_AUTO_REVIEW: 'off',
    MCHWEB_SANDBOX_REFUND: 'off',
    MCHWEB_SANDBOX_PAYOUT: 'off',
    LOG_LEVEL: 'warn',
  };
}

export function startNode(i, seed = false) {
  return launch(`node${i + 1}`, process.execPath, ['scripts/start.mjs'], { cwd: root, env: nodeEnv(i, seed) });
}

async function start() {
  checkPackages();
  if (readPids().some((p) => alive(p.pid))) {
    console.error(`The cluster is running already (${PIDS}); npm run cluster -- stop first.`);
    process.exit(1);
  }
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(LOGS, { recursive: true });
  writePids([]);

  console.log('etcd...');
  launch('etcd', 'etcd', etcdArgs());
  await waitFor('etcd', () => httpOk(`http://127.0.0.1:${PORTS.etcdClient}/health`));

  console.log('PostgreSQL under Patroni (3 members)...');
  const bin = postgresBin();
  for (let i = 0; i < 3; i++) {
    const member = path.join(DIR, memberName(i));
    fs.mkdirSync(member, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(member, 'patroni.yml'), patroniYaml(i, bin));
  }
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', `${SERVICE_USER}:`, DIR]);
  for (let i = 0; i < 3; i++) {
    launch(`patroni${i + 1}`, 'patroni', [path.join(DIR, memberName(i), 'patroni.yml')], { asServiceUser: true });
    if (i === 0) await waitFor('the first leader', () => httpOk(`http://127.0.0.1:${PORTS.rest[0]}/primary`), 90);
  }
  await waitFor(
    'a synchronous standby and a replica',
    async () => {
      const roles = (await members()).map((m) => `${m.role}:${m.state}`);
      return roles.includes('sync_standby:running') && roles.filter((r) => r.endsWith(':running')).length === 3;
    },
    120,
  );

  console.log('HAProxy, PgBouncer, Redis, S3...');
  fs.writeFileSync(path.join(DIR, 'haproxy.cfg'), haproxyCfg());
  launch('haproxy', 'haproxy', ['-f', path.join(DIR, 'haproxy.cfg')]);
  await waitFor('HAProxy to the leader', async () => psql(PORTS.primary, 'select 1') === '1');
  if (psql(PORTS.primary, `select count(*) from pg_database where datname = '${DATABASE}'`) === '0')
    psql(PORTS.primary, `create database ${DATABASE}`);
  fs.writeFileSync(path.join(DIR, 'pgbouncer.ini'), pgbouncerIni());
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', `${SERVICE_USER}:`, DIR]);
  launch('pgbouncer', 'pgbouncer', [path.join(DIR, 'pgbouncer.ini')], { asServiceUser: true });
  launch('redis', 'redis-server', [
    '--port',
    String(PORTS.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  launch('s3', process.execPath, [path.join(root, 'scripts/cluster/s3.mjs'), String(PORTS.s3), path.join(DIR, 's3')], {
    cwd: root,
  });
  await waitFor('PgBouncer', async () => psql(PORTS.pgbouncer, 'select 1', DATABASE) === '1');

  // The first node builds the web app and the server when needed (scripts/start.mjs), migrates and seeds the demo
  // alone; the others start once it serves (they find the migrations done, under the advisory lock, and the demo).
  console.log('application nodes (the first builds the app if its build is missing or old)...');
  startNode(0, true);
  await waitFor('node 1', () => httpOk(`http://127.0.0.1:${PORTS.nodes[0]}/readyz`), 600);
  startNode(1);
  startNode(2);
  for (const i of [1, 2]) await waitFor(`node ${i + 1}`, () => httpOk(`http://127.0.0.1:${PORTS.nodes[i]}/readyz`));
  await waitFor('HAProxy to the nodes', () => httpOk(`${urls.app}/readyz`));
  const roles = (await members()).map((m) => `${m.name} ${m.role} (:${m.port})`).join(', ');
  console.log(`
  mchweb cluster is running at ${urls.app}/mchweb/ (3 nodes behind HAProxy; 1 node: :${PORTS.appOne}, 2: :${PORTS.appTwo})
  PostgreSQL: ${roles}
    leader through HAProxy ${urls.direct}, PgBouncer ${urls.pooled}, replicas ${urls.replica}
  HAProxy statistics http://127.0.0.1:${PORTS.stats}/   logs and pids: ${DIR}
  npm run cluster -- stop   stops it
`);
}

/** Every process started, by pid: TERM, then KILL what is left; and the PostgreSQL servers a killed Patroni left. */
export async function stop() {
  const list = readPids();
  const postmasters = [0, 1, 2]
    .map((i) => path.join(DIR, memberName(i), 'data/postmaster.pid'))
    .filter((f) => fs.existsSync(f))
    .map((f) => ({ name: 'postgres', pid: Number(fs.readFileSync(f, 'utf8').split('\n')[0]) }));
  const all = [...list, ...postmasters].filter((p) => p.pid > 0 && alive(p.pid));
  for (const p of all) process.kill(p.pid, 'SIGTERM');
  for (let i = 0; i < 60 && all.some((p) => alive(p.pid)); i++) await sleep(250);
  for (const p of all.filter((x) => alive(x.pid))) process.kill(p.pid, 'SIGKILL');
  if (fs.existsSync(DIR)) writePids([]);
  console.log(`stopped ${all.length} processes: ${all.map((p) => `${p.name} (${p.pid})`).join(', ') || 'none'}`);
}

const command = process.argv[2] ?? 'start';
if (command === 'start') await start();
else if (command === 'stop') await stop();
else if (command === 'test') {
  if (!readPids().some((p) => alive(p.pid))) await start();
  const { runTest } = await import('./cluster/load-test.mjs');
  const restartMember = (member) =>
    launch(`patroni${member.slice(2)}`, 'patroni', [path.join(DIR, member, 'patroni.yml')], { asServiceUser: true });
  await runTest({ members, psql: (sql) => psql(PORTS.primary, sql, DATABASE), startNode, restartMember, root });
} else {
  console.error('usage: npm run cluster [-- start | stop | test]');
  process.exit(2);
}
