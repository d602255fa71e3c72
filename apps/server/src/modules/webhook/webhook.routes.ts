import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhook-endpoint.service.ts';
import { webhookSettings } from './webhook-settings.ts';

/** The Webhooks tab of /developer: endpoints, their secrets, test events, deliveries and resends. */
const webhookRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, queue }) => {
  const { allowPrivate } = webhookSettings(config);
  route(app, ep.list, async (request) => ok(await listEndpoints(app.db, request.actor)));
  route(app, ep.create, async (request) => ok(await createEndpoint(app.db, request.actor, request.body, allowPrivate)));
  route(app, ep.update, async (request) => ok(await updateEndpoint(app.db, request.actor, request.body, allowPrivate)));
  route(app, ep.secret, async (request) => ok(await revealSecret(app.db, request.actor, request.body.id)));
  route(app, ep.rotate, async (request) => ok(await rotateSecret(app.db, request.actor, request.body.id)));
  route(app, ep.test, async (request) => ok(await sendTestEvent(app.db, request.actor, request.body)));
  route(app, ep.deliveries, async (request) => ok(await listDeliveries(app.db, request.actor, request.query)));
  route(app, ep.resend, async (request) =>
    ok(await resendDelivery(app.db, request.actor, queue, request.body.deliveryId)),
  );
};
export default webhookRoutes;
