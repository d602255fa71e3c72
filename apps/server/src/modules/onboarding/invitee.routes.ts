import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { publicInvitation, publicSave, publicSubmit } from './invitee.service.ts';
import { inviteeUploadRoutes } from './upload.routes.ts';

/** The public mobile form of an invitation (/mchweb/inco/:inviteNo): no sign-in, the invitation is the credential. */
const inviteeRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  route(app, ep.publicInvite, async (request) => ok(await publicInvitation(app.db, request.params.inviteNo)));
  route(app, ep.publicSave, async (request) => ok(await publicSave(app.db, request.actor, request.body)));
  route(app, ep.publicSubmit, async (request) => ok(await publicSubmit(app.db, request.actor, request.body)));
  await app.register(inviteeUploadRoutes, { ...opts, prefix: '' });
};
export default inviteeRoutes;
