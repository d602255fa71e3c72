// The dashboard's front door: the organisation's trade at a glance (/organ-home), from the order day totals and
// the ledger's kept balances.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { AppModule, ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { dashboardOverview as overviewOf } from './dashboard.service.ts';

const dashboardRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  route(app, ep.overview, async (request, reply) =>
    ok(await overviewOf((await app.readerFor(request, reply)).db, request.actor, config.timezone)),
  );
};

export const module: AppModule = {
  name: 'dashboard',
  routes: [{ plugin: dashboardRoutes, prefix: '/api/merchant' }],
};
