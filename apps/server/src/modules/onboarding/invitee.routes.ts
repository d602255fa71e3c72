import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  incoSaveAnswer,
  incoSubmitAnswer,
  publicIncoSaveBody,
  publicIncoSubmitBody,
  publicInvite,
  publicInviteParams,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { publicInvitation, publicSave, publicSubmit } from './invitee.service.ts';
import { inviteeUploadRoutes } from './upload.routes.ts';

const tags = ['onboarding (invited merchant)'];

/** The public mobile form of an invitation (/mchweb/inco/:inviteNo): no sign-in, the invitation is the credential. */
const inviteeRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  app.get('/inco/:inviteNo', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The invitation's status, organisation and saved draft (the draft only while it can be used)",
      params: publicInviteParams,
      response: { 200: envelopeSchema(publicInvite) },
    },
    handler: async (request) => ok(await publicInvitation(app.db, request.params.inviteNo)),
  });
  app.post('/inco/save', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "Save the invitation's application (created at the first save)",
      body: publicIncoSaveBody,
      response: { 200: envelopeSchema(incoSaveAnswer) },
    },
    handler: async (request) => ok(await publicSave(app.db, request.actor, request.body)),
  });
  app.post('/inco/submit', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "Submit the invitation's application; the invitation becomes USED",
      body: publicIncoSubmitBody,
      response: { 200: envelopeSchema(incoSubmitAnswer) },
    },
    handler: async (request) => ok(await publicSubmit(app.db, request.actor, request.body)),
  });
  await app.register(inviteeUploadRoutes, { ...opts, prefix: '' });
};
export default inviteeRoutes;
