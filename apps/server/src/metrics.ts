import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Database } from './db/client.ts';

// This process's Prometheus series (GET /metrics, docs/operations.md "Metrics"). Services count through the
// small functions below, one line where the event happens; the series and their labels live only here. Labels
// take bounded values only (route patterns, channels, statuses, job names): never a URL, an id or a number.

/** This process's registry. Each server process has its own; the cluster primary adds them up (metrics-primary.ts). */
export const registry = new client.Registry();
// Event-loop lag, heap, GC, CPU, open handles: prom-client's defaults, each with its cluster aggregation.
client.collectDefaultMetrics({ register: registry });
if (cluster.isWorker) {
  // The primary asks each worker over IPC; constructing an AggregatorRegistry is what makes a worker answer.
  client.AggregatorRegistry.setRegistries(registry);
  new client.AggregatorRegistry();
}
const registers = [registry];

// 1 in each process: the cluster primary's sum says how many processes answered the scrape.
new client.Gauge({
  name: 'mchweb_server_processes',
  help: 'Server processes whose series this scrape holds (1, or the sum of the cluster primary)',
  registers,
}).set(1);

const httpRequests = new client.Counter({
  name: 'mchweb_http_requests_total',
  help: 'HTTP requests answered, by route pattern (unmatched: no route), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
});
const httpDuration = new client.Histogram({
  name: 'mchweb_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** The series of a route, method and status, found once: prom-client hashes the labels on every call otherwise. */
const requestSeries = new Map<
  string,
  { counter: ReturnType<typeof httpRequests.labels>; histogram: ReturnType<typeof httpDuration.labels> }
>();

/** One answered request: `route` is the route's pattern (`/api/merchant/order/:orderNo`), null when none matched. */
export function countRequest(route: string | undefined, method: string, status: number, seconds: number) {
  const key = `${status} ${method} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    const labels = { route: route ?? 'unmatched', method };
    series = {
      counter: httpRequests.labels({ ...labels, status: String(status) }),
      histogram: httpDuration.labels(labels),
    };
    requestSeries.set(key, series);
  }
  series.counter.inc();
  series.histogram.observe(seconds);
}

const payments = new client.Counter({
  name: 'mchweb_payments_total',
  help: "Channel notices that settled a pending order, by channel and the order's outcome (SUCCESS, FAILED)",
  labelNames: ['channel', 'outcome'] as const,
  registers,
});
const refunds = new client.Counter({
  name: 'mchweb_refunds_total',
  help: "Refunds the channel finished, by the order's channel and outcome (SUCCESS, FAILED)",
  labelNames: ['channel', 'outcome'] as const,
  registers,
});

// Counted inside the transaction once its work is done, just before the commit: a commit that then fails (the
// database lost at that moment) is counted although nothing changed, and again when the channel resends.
/** A payment notice changed a PENDING order to `status`. */
export const countPayment = (order: { channel: string; status: string }) =>
  payments.inc({ channel: order.channel, outcome: order.status });
/** A PROCESSING refund of an order of `channel` finished with `outcome`. */
export const countRefund = (channel: string, outcome: string) => refunds.inc({ channel, outcome });

const jobRuns = new client.Counter({
  name: 'mchweb_job_runs_total',
  help: 'Passes of a periodic job, by job name',
  labelNames: ['job'] as const,
  registers,
});
const jobFailures = new client.Counter({
  name: 'mchweb_job_failures_total',
  help: 'Passes of a periodic job that failed (logged; the next pass tries again), by job name',
  labelNames: ['job'] as const,
  registers,
});
const jobDuration = new client.Histogram({
  name: 'mchweb_job_duration_seconds',
  help: 'How long a pass of a periodic job took, by job name',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers,
});

/** Run one pass of the job `name`, counted and timed; a failure is counted and passed on. */
export async function timedJob(name: string, pass: () => Promise<void>) {
  const done = jobDuration.startTimer({ job: name });
  jobRuns.inc({ job: name });
  try {
    await pass();
  } catch (err) {
    jobFailures.inc({ job: name });
    throw err;
  } finally {
    done();
  }
}

/** The database the gauges below read at scrape time: the app's, from when it is ready until it closes. */
let watched: Database | null = null;
/** Read `database` at each scrape; the returned function stops (unless another database was watched since). */
export function watchDatabase(database: Database) {
  watched = database;
  return () => {
    if (watched === database) watched = null;
  };
}

new client.Gauge({
  name: 'mchweb_db_pool_connections',
  help: 'PostgreSQL connections of a pool (main, planned_once), by state: total open, idle, waiting (queries queued)',
  labelNames: ['pool', 'state'] as const,
  registers,
  collect() {
    this.reset();
    for (const { pool, total, idle, waiting } of watched?.poolStats() ?? []) {
      this.set({ pool, state: 'total' }, total);
      this.set({ pool, state: 'idle' }, idle);
      this.set({ pool, state: 'waiting' }, waiting);
    }
  },
});

/**
 * Work waiting on a channel or the close job. Each count is read from a partial index of just those rows
 * (orders_pending_idx, refunds_processing_idx, transfers_processing_idx), so it costs what is waiting, not the
 * table's size. Every process reads the same numbers: the cluster primary keeps the largest, not the sum.
 */
const QUEUES = sql`select (select count(*) from orders where status = 'PENDING') as orders_pending,
  (select count(*) from refunds where status = 'PROCESSING') as refunds_processing,
  (select count(*) from transfers where status = 'PROCESSING') as transfers_processing`;

new client.Gauge({
  name: 'mchweb_queue_depth',
  help: 'Rows waiting, read at scrape time: orders_pending, refunds_processing, transfers_processing',
  labelNames: ['queue'] as const,
  aggregator: 'max',
  registers,
  async collect() {
    this.reset();
    if (!watched) return;
    try {
      const { rows } = (await watched.db.execute(QUEUES)) as unknown as { rows: Record<string, string | number>[] };
      for (const [queue, count] of Object.entries(rows[0] ?? {})) this.set({ queue }, Number(count));
    } catch {
      // The database is down: no value rather than a stale one, and the other series still answer.
    }
  },
});
