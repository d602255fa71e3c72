import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { onboardingEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { applicationDetail, applicationProgress, listApplications } from './application-query.service.ts';
import { cancelApplication, saveApplication, submitApplication } from './application.service.ts';
import { createInvitation, listInvitations, revokeInvitation } from './invitation.service.ts';
import { memberUploadRoutes } from './upload.routes.ts';

/** Applications and invitations of the current organisation (/new-incomming, /incomming, /inco-manage...). */
const onboardingRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** Where invitation links point: the configured public origin, else the one this request came to. */
  const origin = (request: FastifyRequest) => opts.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  route(app, ep.save, async (request) => ok(await saveApplication(app.db, request.actor, request.body)));
  route(app, ep.submit, async (request) => ok(await submitApplication(app.db, request.actor, request.body)));
  route(app, ep.cancel, async (request) => ok(await cancelApplication(app.db, request.actor, request.body)));
  route(app, ep.list, async (request) => ok(await listApplications(app.db, request.actor, request.body)));
  route(app, ep.detail, async (request) => ok(await applicationDetail(app.db, request.actor, request.query.applyNo)));
  route(app, ep.progress, async (request) =>
    ok(await applicationProgress(app.db, request.actor, request.query.applyNo)),
  );

  route(app, ep.inviteQrCode, async (request) =>
    ok(await createInvitation(app.db, request.actor, request.query, origin(request))),
  );
  route(app, ep.inviteList, async (request) =>
    ok(await listInvitations(app.db, request.actor, request.body, origin(request))),
  );
  route(app, ep.inviteRevoke, async (request) =>
    ok(await revokeInvitation(app.db, request.actor, request.body, origin(request))),
  );

  await app.register(memberUploadRoutes, { ...opts, prefix: '' });
};
export default onboardingRoutes;
