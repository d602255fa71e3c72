import client from 'prom-client';
import { loadConfig } from './config.ts';
import { listenForMetrics } from './metrics-endpoint.ts';

/**
 * The cluster primary of MCHWEB_PROCESSES (scripts/start.mjs) serves METRICS_PORT with its workers' series added
 * up: each scrape asks every worker over IPC and answers the sum (counters and histograms summed, pool gauges
 * summed, the queue depth each worker reads alike kept once as the largest). The workers do not listen on it.
 * Started once the first worker listens, so the settings have passed its checks. Null when METRICS_PORT is unset.
 */
export async function serveClusterMetrics(onError: (err: unknown) => void) {
  const { metricsPort, metricsHost, metricsToken } = loadConfig();
  if (metricsPort === null) return null;
  const workers = new client.AggregatorRegistry();
  const source = { contentType: workers.contentType, metrics: () => workers.clusterMetrics() };
  return listenForMetrics({ port: metricsPort, host: metricsHost, token: metricsToken }, source, onError);
}
