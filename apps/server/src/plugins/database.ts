import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Database['db'];
  }
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * True when an error means the database cannot be reached (answered as 503), not that a query was wrong. PgBouncer's
 * own refusals while the primary is away (a failover: it cannot log in to the new leader yet) count too.
 */
export function isDatabaseDown(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code && CONNECTION_ERRORS.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error|PGlite is closed|server login has been failing|pgbouncer cannot connect to server|server conn crashed|query_wait_timeout/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function databasePlugin(app: FastifyInstance, opts: { database: Database }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
}

export default fp(databasePlugin, { name: 'database' });
