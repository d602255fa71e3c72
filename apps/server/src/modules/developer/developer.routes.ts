import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developerEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service.ts';

/** /developer in the portal: the organisation's API keys (session routes; a key never works here). */
const developerRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const mode = config.sandbox ? 'test' : 'live';
  route(app, ep.keyList, async (request) => ok(await listApiKeys(app.db, request.actor)));
  route(app, ep.keyCreate, async (request) => ok(await createApiKey(app.db, request.actor, request.body, mode)));
  route(app, ep.keyRevoke, async (request) => ok(await revokeApiKey(app.db, request.actor, request.body)));
};

export default developerRoutes;
