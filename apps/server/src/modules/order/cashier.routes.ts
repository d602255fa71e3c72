import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { cashierCode as codeForPayer, cashierOrder as orderForPayer, createPayment } from './cashier.service.ts';

/**
 * The public cashier a payer reaches by scanning a code (/mchweb/pay/:codeNo). No sign-in: the code number and the
 * order number are the credentials, as on a printed code and a receipt. The channels' notices arrive elsewhere
 * (the sandbox wing's, and the real channels' with their adapters).
 */
const cashierRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, channels }) => {
  const settings = { tz: config.timezone };
  route(app, ep.cashierCode, async (request) => ok(await codeForPayer(app.db, request.params.codeNo)));
  route(app, ep.cashierCreate, async (request) =>
    ok(await createPayment(app.db, request.actor, request.body, settings, channels)),
  );
  route(app, ep.cashierOrder, async (request) => ok(await orderForPayer(app.db, request.params.orderNo)));
};
export default cashierRoutes;
