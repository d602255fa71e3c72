import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCompanyBody,
  bindingMobileBody,
  breakBindQuery,
  changeMobileCodeData,
  changeCompanyBody,
  companyInfo,
  companyListItem,
  envelopeSchema,
  initCompletionStatus,
  openFeeManagerBody,
  staffInvitation,
  staffInvitationBody,
  updateCompanyBody,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
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

const tags = ['company'];
const info = { 200: envelopeSchema(companyInfo) };

/** Companies (organisations): /api/merchant/feeManager/* and /api/merchant/company/list. */
const companyRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  app.post('/feeManager/getCompany', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "The guard's company info of the current organisation (companyId null when none)",
      body: z.strictObject({}).optional(),
      response: info,
    },
    handler: async (request) => ok(await getCompany(app.db, request.actor)),
  });
  app.post('/feeManager/addCompany', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'Create an organisation; the caller becomes its owner and it becomes current',
      body: addCompanyBody,
      response: info,
    },
    handler: async (request) => ok(await addCompany(app.db, request.actor, request.body)),
  });
  app.post('/feeManager/updateCompany', {
    config: { access: 'company:edit' },
    schema: { tags, summary: "Edit the organisation's profile", body: updateCompanyBody, response: info },
    handler: async (request) => ok(await updateCompany(app.db, request.actor, request.body)),
  });
  app.post('/feeManager/openFeeManager', {
    config: { access: 'company:open' },
    schema: { tags, summary: 'Open the service (once)', body: openFeeManagerBody, response: info },
    handler: async (request) => ok(await openFeeManager(app.db, request.actor)),
  });
  app.post('/feeManager/bindingMobile', {
    config: { access: 'company:bindMobile' },
    schema: {
      tags,
      summary: 'Bind the contact mobile with an SMS code of scene bindMobile',
      body: bindingMobileBody,
      response: info,
    },
    handler: async (request) => ok(await bindingMobile(app.db, opts.smsSender, request.actor, request.body)),
  });
  app.post('/feeManager/sendChangeMobileCode', {
    config: { access: 'company:bindMobile' },
    schema: {
      tags,
      summary: 'The owner asks for a code to the current contact mobile, to move it to another number',
      response: { 200: envelopeSchema(changeMobileCodeData) },
    },
    handler: async (request) => ok(await sendChangeMobileCode(app.db, opts.smsSender, request.actor)),
  });
  app.get('/feeManager/getInitCompletionStatus', {
    config: { access: 'member' },
    schema: { tags, summary: 'The getting-started checklist', response: { 200: envelopeSchema(initCompletionStatus) } },
    handler: async (request) => ok(await initStatus(app.db, request.actor, opts.welcomeSteps)),
  });
  app.get('/feeManager/breakBind', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'Leave an organisation (not as its last active owner)',
      querystring: breakBindQuery,
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request) => {
      await breakBind(app.db, request.actor, request.query.companyId);
      // A GET that writes (the seed's shape): the access plugin only forgets cached sessions after non-GET calls.
      app.accessCache.invalidate();
      return ok(null);
    },
  });
  app.get('/company/list', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "The user's organisations", response: { 200: envelopeSchema(z.array(companyListItem)) } },
    handler: async (request) => ok(await listCompanies(app.db, request.actor)),
  });

  // The invitee's side of staff invitations (issue 14.2). Here rather than in the staff module because the list
  // names the organisations; accepting and declining are the staff module's services.
  app.get('/staff/invitation/list', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['staff'],
      summary: "Invitations to the signed-in user's mobile, waiting for an answer",
      querystring: z.strictObject({}),
      response: { 200: envelopeSchema(z.array(staffInvitation)) },
    },
    handler: async (request) => ok(await listInvitations(app.db, request.actor)),
  });
  app.post('/staff/invitation/accept', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['staff'],
      summary: 'Accept an invitation: the membership becomes active (the current organisation stays as it is)',
      body: staffInvitationBody,
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request) => ok(await acceptInvitation(app.db, request.actor, request.body).then(() => null)),
  });
  app.post('/staff/invitation/decline', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['staff'],
      summary: 'Decline an invitation: it is deleted',
      body: staffInvitationBody,
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request) => ok(await declineInvitation(app.db, request.actor, request.body).then(() => null)),
  });
};
export default companyRoutes;

/** /api/websession/changeCompany: at the origin's /api, not under /api/merchant (the seed's path). */
export const websessionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  app.post('/changeCompany', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "Switch the session's current organisation",
      body: changeCompanyBody,
      response: info,
    },
    handler: async (request) => ok(await changeCompany(app.db, request.actor, request.body.companyId)),
  });
};
