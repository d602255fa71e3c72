import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { SmsSender } from './auth/sms.sender.ts';
import companyRoutes, { websessionRoutes } from './company/company.routes.ts';
import staffRoutes from './staff/staff.routes.ts';
import auditRoutes from './audit/audit.routes.ts';

export interface AreaOptions {
  smsSender: SmsSender;
  config: Config;
}

/** Every business area's routes. Add an area here; each declares `config.access` on every route. */
export async function registerAreaRoutes(app: FastifyInstance, opts: AreaOptions) {
  await app.register(companyRoutes, { prefix: '/api/merchant', ...opts });
  await app.register(websessionRoutes, { prefix: '/api/websession', ...opts });
  await app.register(staffRoutes, { prefix: '/api/merchant', ...opts });
  await app.register(auditRoutes, { prefix: '/api/merchant', ...opts });
}
