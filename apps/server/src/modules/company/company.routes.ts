import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyEndpoints as ep } from '@mchweb/contract';
import { companyTag, userTag } from '../../access-cache.ts';
import { requireUser } from '../../actor.ts';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { acceptInvitation, declineInvitation } from '../staff/index.ts';
import {
  breakBind,
  changeCompany,
  getCompany,
  initCompletionStatus as initStatus,
  listCompanies,
  listInvitations,
} from './company-session.service.ts';
import {
  addCompany,
  bindingMobile,
  openFeeManager,
  sendChangeMobileCode,
  updateCompany,
} from './company-profile.service.ts';

/** Companies (organisations): /api/merchant/feeManager/* and /api/merchant/company/list. */
const companyRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  route(app, ep.info, async (request) => ok(await getCompany(app.db, request.actor)));
  route(app, ep.add, async (request) => ok(await addCompany(app.db, request.actor, request.body)));
  route(app, ep.update, async (request) => ok(await updateCompany(app.db, request.actor, request.body)));
  route(app, ep.openService, async (request) => ok(await openFeeManager(app.db, request.actor)));
  route(app, ep.bindMobile, async (request) =>
    ok(await bindingMobile(app.db, opts.smsSender, request.actor, request.body)),
  );
  route(app, ep.sendChangeMobileCode, async (request) =>
    ok(await sendChangeMobileCode(app.db, opts.smsSender, request.actor)),
  );
  route(app, ep.initStatus, async (request) => ok(await initStatus(app.db, request.actor, opts.welcomeSteps)));
  route(app, ep.breakBind, async (request) => {
    await breakBind(app.db, request.actor, request.query.companyId);
    // A GET that writes (the seed's shape): the access plugin only forgets cached sessions after non-GET calls.
    const { userId } = requireUser(request.actor);
    app.accessCache.invalidate([userTag(userId), companyTag(request.query.companyId)]);
    return ok(null);
  });
  route(app, ep.list, async (request) => ok(await listCompanies(app.db, request.actor)));

  // The invitee's side of staff invitations (issue 14.2). Here rather than in the staff module because the list
  // names the organisations; accepting and declining are the staff module's services.
  route(app, ep.invitationList, async (request) => ok(await listInvitations(app.db, request.actor)));
  route(app, ep.invitationAccept, async (request) =>
    ok(await acceptInvitation(app.db, request.actor, request.body).then(() => null)),
  );
  route(app, ep.invitationDecline, async (request) =>
    ok(await declineInvitation(app.db, request.actor, request.body).then(() => null)),
  );
};
export default companyRoutes;

/** /api/websession/changeCompany: at the origin's /api, not under /api/merchant (the seed's path). */
export const websessionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.changeCompany, async (request) =>
    ok(await changeCompany(app.db, request.actor, request.body.companyId)),
  );
};
