// The dashboard's front door: the organisation's trade at a glance (/organ-home), from the order day totals and
// the ledger's kept balances.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardOverview, envelopeSchema } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { AppModule, ModuleContext } from '../../module.ts';
import { dashboardOverview as overviewOf } from './dashboard.service.ts';

const dashboardRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  app.get('/dashboard/overview', {
    config: { access: 'overview:view' },
    schema: {
      tags: ['dashboard'],
      summary: "Today's and yesterday's trade, 30 days by day, channel share, top merchants, pending and available",
      querystring: z.strictObject({}),
      response: { 200: envelopeSchema(dashboardOverview) },
    },
    handler: async (request) => ok(await overviewOf(app.db, request.actor, config.timezone)),
  });
};

export const module: AppModule = {
  name: 'dashboard',
  routes: [{ plugin: dashboardRoutes, prefix: '/api/merchant' }],
};
