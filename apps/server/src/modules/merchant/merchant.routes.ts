import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { listChannels, listMerchants, merchantDetail as detail } from './merchant-query.service.ts';
import { freezeMerchant, unfreezeMerchant } from './merchant-status.service.ts';

/** Merchants of the current organisation (/merchant) and the channels open to it (/channel). */
const merchantRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.list, async (request) => ok(await listMerchants(app.db, request.actor, request.body)));
  route(app, ep.detail, async (request) => ok(await detail(app.db, request.actor, request.query.mchNo)));
  route(app, ep.freeze, async (request) => {
    const status = await freezeMerchant(app.db, request.actor, request.body);
    return ok({ mchNo: request.body.mchNo, status });
  });
  route(app, ep.unfreeze, async (request) => {
    const status = await unfreezeMerchant(app.db, request.actor, request.body);
    return ok({ mchNo: request.body.mchNo, status });
  });
  route(app, ep.channelList, async (request) => ok(await listChannels(app.db, request.actor)));
};
export default merchantRoutes;
