import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  getIncoQrCodeQuery,
  incoApplyNoQuery,
  incoCancelBody,
  incoDetail,
  incoListBody,
  incoPage,
  incoProgress,
  incoSaveAnswer,
  incoSaveBody,
  incoSubmitAnswer,
  incoSubmitBody,
  invite,
  inviteListBody,
  invitePage,
  inviteRevokeBody,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { applicationDetail, applicationProgress, listApplications } from './application-query.service.ts';
import { cancelApplication, saveApplication, submitApplication } from './application.service.ts';
import { createInvitation, listInvitations, revokeInvitation } from './invitation.service.ts';
import { memberUploadRoutes } from './upload.routes.ts';

const tags = ['onboarding'];

/** Applications and invitations of the current organisation (/new-incomming, /incomming, /inco-manage...). */
const onboardingRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** Where invitation links point: the configured public origin, else the one this request came to. */
  const origin = (request: FastifyRequest) => opts.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.post('/inco/save', {
    config: { access: 'onboarding:edit' },
    schema: {
      tags,
      summary: 'Save a draft: a new one without applyNo (one per idempotencyKey), else replace a DRAFT or REJECTED one',
      body: incoSaveBody,
      response: { 200: envelopeSchema(incoSaveAnswer) },
    },
    handler: async (request) => ok(await saveApplication(app.db, request.actor, request.body)),
  });
  app.post('/inco/submit', {
    config: { access: 'onboarding:edit' },
    schema: {
      tags,
      summary: 'Submit a DRAFT or REJECTED application after the full check (every problem named)',
      body: incoSubmitBody,
      response: { 200: envelopeSchema(incoSubmitAnswer) },
    },
    handler: async (request) => ok(await submitApplication(app.db, request.actor, request.body)),
  });
  app.post('/inco/cancel', {
    config: { access: 'onboarding:edit' },
    schema: {
      tags,
      summary: 'Cancel a DRAFT, SUBMITTED or REJECTED application',
      body: incoCancelBody,
      response: { 200: envelopeSchema(incoSubmitAnswer) },
    },
    handler: async (request) => ok(await cancelApplication(app.db, request.actor, request.body)),
  });
  app.post('/inco/list', {
    config: { access: 'onboarding:view' },
    schema: {
      tags,
      summary: 'Applications, newest first; pass nextCursor back as cursor while hasMore',
      body: incoListBody,
      response: { 200: envelopeSchema(incoPage) },
    },
    handler: async (request) => ok(await listApplications(app.db, request.actor, request.body)),
  });
  app.get('/inco/detail', {
    config: { access: 'onboarding:view' },
    schema: {
      tags,
      summary: 'An application as saved',
      querystring: incoApplyNoQuery,
      response: { 200: envelopeSchema(incoDetail) },
    },
    handler: async (request) => ok(await applicationDetail(app.db, request.actor, request.query.applyNo)),
  });
  app.get('/inco/progress', {
    config: { access: 'onboarding:view' },
    schema: {
      tags,
      summary: "An application's timeline, oldest first",
      querystring: incoApplyNoQuery,
      response: { 200: envelopeSchema(incoProgress) },
    },
    handler: async (request) => ok(await applicationProgress(app.db, request.actor, request.query.applyNo)),
  });

  app.get('/getIncoQrCode', {
    config: { access: 'onboarding:edit' },
    schema: {
      tags,
      summary: 'Make an invitation: its url is what the page draws as a QR code',
      querystring: getIncoQrCodeQuery,
      response: { 200: envelopeSchema(invite) },
    },
    handler: async (request) => ok(await createInvitation(app.db, request.actor, request.query, origin(request))),
  });
  app.post('/inco/invite/list', {
    config: { access: 'onboarding:view' },
    schema: {
      tags,
      summary: 'Invitations, newest first',
      body: inviteListBody,
      response: { 200: envelopeSchema(invitePage) },
    },
    handler: async (request) => ok(await listInvitations(app.db, request.actor, request.body, origin(request))),
  });
  app.post('/inco/invite/revoke', {
    config: { access: 'onboarding:edit' },
    schema: {
      tags,
      summary: 'Revoke an active invitation (its draft stays with the organisation)',
      body: inviteRevokeBody,
      response: { 200: envelopeSchema(invite) },
    },
    handler: async (request) => ok(await revokeInvitation(app.db, request.actor, request.body, origin(request))),
  });

  await app.register(memberUploadRoutes, { ...opts, prefix: '' });
};
export default onboardingRoutes;
