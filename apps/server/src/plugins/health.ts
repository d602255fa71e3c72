import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from './envelope.ts';
import { Code } from '@mchweb/contract';
import { M } from '../i18n/messages.ts';

/** /healthz: the process answers. /readyz: it can reach its database. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      return sendEnvelope(reply, Code.UNAVAILABLE, M.databaseDown);
    }
  });
}
