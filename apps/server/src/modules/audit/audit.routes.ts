import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints as ep } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { invalid, ok } from '../../errors.ts';
import { M } from '../../i18n/messages.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { listAudit } from './audit.service.ts';

/** The company's audit log, newest first (owners and admins by the catalogue). */
const auditRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.list, async (request) => {
    const { companyId } = requireMember(request.actor);
    const { cursor, limit } = request.query;
    let beforeId: number | undefined;
    if (cursor !== undefined && cursor !== '') {
      if (!/^[1-9]\d{0,15}$/.test(cursor)) throw invalid(M.badCursor);
      beforeId = Number(cursor);
    }
    // One row more than asked tells whether another page follows.
    const rows = await listAudit(app.db, companyId, { beforeId, limit: limit + 1 });
    const items = rows.slice(0, limit).map((r) => ({ ...r, at: r.at.toISOString() }));
    const hasMore = rows.length > limit;
    return ok({ items, nextCursor: hasMore ? String(items.at(-1)!.id) : null, hasMore });
  });
};
export default auditRoutes;
