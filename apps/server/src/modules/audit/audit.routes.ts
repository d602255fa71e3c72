import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints as ep, BIG_ID_MAX } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { ok } from '../../errors.ts';
import { M } from '../../i18n/messages.ts';
import { beforeIdOf } from '../../keyset.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { listAudit } from './audit.service.ts';

/** The company's audit log, newest first (owners and admins by the catalogue). */
const auditRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.list, async (request) => {
    const { companyId } = requireMember(request.actor);
    const { cursor, limit } = request.query;
    // The cursor comes in the query string of this GET, so its refusal names that field.
    const beforeId = beforeIdOf(cursor, BIG_ID_MAX, M.badCursor);
    // One row more than asked tells whether another page follows.
    const rows = await listAudit(app.db, companyId, { beforeId, limit: limit + 1 });
    const items = rows.slice(0, limit).map((r) => ({ ...r, at: r.at.toISOString() }));
    const hasMore = rows.length > limit;
    return ok({ items, nextCursor: hasMore ? String(items.at(-1)!.id) : null, hasMore });
  });
};
export default auditRoutes;
