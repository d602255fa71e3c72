import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelList,
  envelopeSchema,
  MERCHANT_STATUSES,
  merchantDetail,
  merchantDetailQuery,
  merchantFreezeBody,
  merchantListBody,
  merchantPage,
  merchantUnfreezeBody,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { listChannels, listMerchants, merchantDetail as detail } from './merchant-query.service.ts';
import { freezeMerchant, unfreezeMerchant } from './merchant-status.service.ts';

const tags = ['merchant'];
const statusAnswer = { 200: envelopeSchema(z.object({ mchNo: z.string(), status: z.enum(MERCHANT_STATUSES) })) };

/** Merchants of the current organisation (/merchant) and the channels open to it (/channel). */
const merchantRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  app.post('/merchant/list', {
    config: { access: 'merchant:view' },
    schema: {
      tags,
      summary: 'Merchants, newest first; pass nextCursor back as cursor while hasMore',
      body: merchantListBody,
      response: { 200: envelopeSchema(merchantPage) },
    },
    handler: async (request) => ok(await listMerchants(app.db, request.actor, request.body)),
  });
  app.get('/merchant/detail', {
    config: { access: 'merchant:view' },
    schema: {
      tags,
      summary: 'A merchant with its rates, masked settlement account and status history',
      querystring: merchantDetailQuery,
      response: { 200: envelopeSchema(merchantDetail) },
    },
    handler: async (request) => ok(await detail(app.db, request.actor, request.query.mchNo)),
  });
  app.post('/merchant/freeze', {
    config: { access: 'merchant:edit' },
    schema: {
      tags,
      summary: 'Freeze an ACTIVE merchant (it takes no payments until unfrozen)',
      body: merchantFreezeBody,
      response: statusAnswer,
    },
    handler: async (request) => {
      const status = await freezeMerchant(app.db, request.actor, request.body);
      return ok({ mchNo: request.body.mchNo, status });
    },
  });
  app.post('/merchant/unfreeze', {
    config: { access: 'merchant:edit' },
    schema: { tags, summary: 'Unfreeze a FROZEN merchant', body: merchantUnfreezeBody, response: statusAnswer },
    handler: async (request) => {
      const status = await unfreezeMerchant(app.db, request.actor, request.body);
      return ok({ mchNo: request.body.mchNo, status });
    },
  });
  app.get('/channel/list', {
    config: { access: 'channel:view' },
    schema: {
      tags,
      summary: 'The channels open to the organisation, their default rates and the merchants that take them',
      querystring: z.strictObject({}),
      response: { 200: envelopeSchema(channelList) },
    },
    handler: async (request) => ok(await listChannels(app.db, request.actor)),
  });
};
export default merchantRoutes;
