import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@mchweb/contract';
import type { Config } from '../config.ts';
import { countRequest, registry, watchDatabase } from '../metrics.ts';
import { bearerMatches, listenForMetrics, METRICS_UNAUTHORIZED } from '../metrics-endpoint.ts';
import { sendEnvelope } from './envelope.ts';

/**
 * Count every answered request by its route's pattern, let the gauges read this app's database, and serve
 * GET /metrics: on the main port only with METRICS_TOKEN (a Bearer token), on METRICS_PORT in a port of its own.
 */
async function metricsPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { metricsPort, metricsHost, metricsToken } = opts.config;
  app.addHook('onResponse', async (request, reply) =>
    countRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000),
  );
  const stops: (() => unknown)[] = [];
  app.addHook('onReady', async () => void stops.push(watchDatabase(app.database)));
  app.addHook('onClose', async () => void (await Promise.all(stops.map((stop) => stop()))));

  if (metricsToken !== null) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        return sendEnvelope(reply, Code.UNAUTHORIZED, METRICS_UNAUTHORIZED);
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  // Of several processes, the cluster primary serves the metrics port with all of them added up.
  if (metricsPort !== null && !cluster.isWorker) {
    app.addHook('onReady', async () => {
      const options = { port: metricsPort, host: metricsHost, token: metricsToken };
      stops.push(await listenForMetrics(options, registry, (err) => app.log.warn({ err }, 'metrics port failed')));
    });
  }
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['database'] });
