import net from 'node:net';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type http from 'node:http';
import type { Config } from '../config.ts';
import { PROXY_RANGES } from '../config-env.ts';

/*
 * Issue 25, items 6 and 8: whose X-Forwarded-For is believed, and how long and how many connections one caller
 * may hold. Without timeouts, 3,000 half-sent bodies were held open 35 s and none closed.
 */

/**
 * Fastify's trustProxy from TRUST_PROXY: the proxies' addresses as they are; a hop count as "the first n hops"
 * (this Fastify trusts no one for a bare number), which is only safe when the server can be reached through the
 * proxies alone (docs/operations.md).
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Node's own timeouts: headers, the whole request (a body sent slowly or never finished), idle keep-alive. */
export function timeoutOptions(config: Config): Partial<FastifyHttpOptions<http.Server>> {
  return {
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node looks for overdue requests every 30 s by default: a 10 s timeout would hold a connection up to 40 s.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.headersTimeoutMs / 4))),
    },
  };
}

/** The trusted proxies' own addresses, which carry every caller's connections and so are not capped. */
function proxyList(trust: Config['trustProxy']): net.BlockList {
  const list = new net.BlockList();
  const entries = Array.isArray(trust) ? trust.flatMap((entry) => PROXY_RANGES[entry] ?? [entry]) : [];
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Close at once the connections of one address above `max` open at the same time (0: no cap). `warn` is told at
 * most once a minute, with how many were closed since: a flood of them does not flood the log too.
 */
export function capConnectionsPerAddress(
  server: net.Server,
  config: Config,
  warn: (address: string, refused: number) => void,
) {
  const max = config.maxConnectionsPerAddress;
  if (max === 0) return;
  const proxies = proxyList(config.trustProxy);
  const open = new Map<string, number>();
  let refused = 0;
  let warnedAt = 0;
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/, '');
    if (!address || proxies.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      refused++;
      if (Date.now() - warnedAt >= 60_000) {
        warn(address, refused);
        [refused, warnedAt] = [0, Date.now()];
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
