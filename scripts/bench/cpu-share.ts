// Where a load's CPU goes on this machine (Linux's /proc): the server's processes, PostgreSQL's backends of the
// benchmark's database, the load generator (this process) and the machine as a whole. On the 2-core benchmark
// machine all of them share the two cores, so a throughput is read against what each party spends per request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** CPU seconds (user + system) a process has used; 0 once it has gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold spaces, start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process and its children, grandchildren... (the server's cluster workers). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    children = text ? text.split(' ').map(Number) : [];
  } catch {
    // gone, or a kernel without the children file: the process alone
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The machine's busy and total CPU time since boot, in clock ticks, from the first line of /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3]! + n[4]!; // idle + iowait
  return { busy: total - idle, total };
}

export interface CpuShare {
  /** CPU microseconds per request, by party. */
  serverUs: number;
  postgresUs: number;
  generatorUs: number;
  /** Share of the machine's CPU time in use during the load, 0 to 1. */
  machineBusy: number;
}

/**
 * Runs `load` (which answers how many requests it completed) and measures what it cost: the server's process tree
 * (`serverPid`), the backends connected to `database` (listed from pg_stat_activity once the load has started, so
 * the pool's connections are there), and this process, which runs the load generator.
 */
export async function cpuShare(
  serverPid: number,
  databaseUrl: string,
  database: string,
  load: () => Promise<number>,
): Promise<{ requests: number; share: CpuShare | null }> {
  if (os.platform() !== 'linux') return { requests: await load(), share: null };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
      ).rows.map((r) => r.pid);
    const server = processTree(serverPid);
    const before = {
      server: server.reduce((a, p) => a + cpuSeconds(p), 0),
      postgres: new Map((await backends()).map((p) => [p, cpuSeconds(p)])),
      generator: process.cpuUsage(),
      machine: machineTicks(),
    };
    const requests = await load();
    const pgSeconds = (await backends()).reduce((a, p) => a + cpuSeconds(p) - (before.postgres.get(p) ?? 0), 0);
    const generator = process.cpuUsage(before.generator);
    const machine = machineTicks();
    const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, requests));
    return {
      requests,
      share: {
        serverUs: perRequest(server.reduce((a, p) => a + cpuSeconds(p), 0) - before.server),
        postgresUs: perRequest(pgSeconds),
        generatorUs: perRequest((generator.user + generator.system) / 1e6),
        machineBusy: (machine.busy - before.machine.busy) / Math.max(1, machine.total - before.machine.total),
      },
    };
  } finally {
    await admin.end();
  }
}

/** "server 520, PostgreSQL 450, load generator 130 µs per request; machine 93 % busy" */
export const describeShare = (s: CpuShare | null) =>
  s
    ? `server ${s.serverUs}, PostgreSQL ${s.postgresUs}, load generator ${s.generatorUs} µs of CPU per request; machine ${Math.round(100 * s.machineBusy)} % busy`
    : 'CPU shares not measured (not Linux)';
