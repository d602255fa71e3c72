import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashierCode,
  cashierCodeParams,
  cashierOrder,
  cashierOrderBody,
  cashierOrderParams,
  envelopeSchema,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { cashierCode as codeForPayer, cashierOrder as orderForPayer, createPayment } from './cashier.service.ts';

const tags = ['cashier (public)'];

/**
 * The public cashier a payer reaches by scanning a code (/mchweb/pay/:codeNo). No sign-in: the code number and the order number are the credentials, as on a printed code and a receipt.
 */
const cashierRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, channels }) => {
  const settings = { tz: config.timezone };
  app.get('/code/:codeNo', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The code's merchant, fixed amount and label, and the channels it takes",
      params: cashierCodeParams,
      response: { 200: envelopeSchema(cashierCode) },
    },
    handler: async (request) => ok(await codeForPayer(app.db, request.params.codeNo)),
  });
  app.post('/order', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Create a PENDING order for a bound code; the same idempotencyKey answers the same order',
      body: cashierOrderBody,
      response: { 200: envelopeSchema(cashierOrder) },
    },
    handler: async (request) => ok(await createPayment(app.db, request.actor, request.body, settings, channels)),
  });
  app.get('/order/:orderNo', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The payer's view of an order (poll it until it is no longer PENDING)",
      params: cashierOrderParams,
      response: { 200: envelopeSchema(cashierOrder) },
    },
    handler: async (request) => ok(await orderForPayer(app.db, request.params.orderNo)),
  });
};
export default cashierRoutes;
