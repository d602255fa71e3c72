import crypto from 'node:crypto';
import http from 'node:http';
import { Code } from '@mchweb/contract';
import { envelope } from './errors.ts';

// The metrics port (METRICS_PORT): a bare HTTP server answering GET /metrics and nothing else, apart from the
// API's port so that a firewall or METRICS_HOST=127.0.0.1 keeps it private. Served by the one server process, or
// by the cluster primary for several (metrics-primary.ts).

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Whether an Authorization header carries `token` as a Bearer token (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(token));
}

export const METRICS_UNAUTHORIZED = 'The metrics need the bearer token of METRICS_TOKEN / 指标需要 METRICS_TOKEN 令牌';

/** A registry, or the cluster primary's sum of its workers' registries. */
export interface MetricsSource {
  contentType: string;
  /** The text exposition; may fail (a worker that did not answer), which is answered 503. */
  metrics(): Promise<string>;
}

/** Listen on `port` and `host`; resolves with a function that stops listening. */
export async function listenForMetrics(
  opts: { port: number; host: string; token: string | null },
  source: MetricsSource,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const answer = (res: http.ServerResponse, status: number, code: number, msg: string, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify({ ...envelope(code, msg, null), status }));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics')
      return answer(res, 404, Code.NOT_FOUND, 'Only GET /metrics here / 此端口只有 GET /metrics');
    if (opts.token !== null && !bearerMatches(req.headers.authorization, opts.token))
      return answer(res, 401, Code.UNAUTHORIZED, METRICS_UNAUTHORIZED, { 'www-authenticate': 'Bearer' });
    source.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': source.contentType });
        res.end(text);
      },
      (err: unknown) => {
        onError(err);
        answer(res, 503, Code.UNAVAILABLE, 'Metrics unavailable, try again / 指标暂不可用，请重试');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  server.on('error', onError);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
