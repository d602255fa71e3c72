import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  divApplyBody,
  divCancelBody,
  divDetailQuery,
  divItem,
  divListBody,
  divPage,
  envelopeSchema,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { applySplit, cancelSplit, listSplits, splitDetail } from './split.service.ts';

const tags = ['profit sharing'];

/** Profit-sharing applications of the current organisation (/div-account). */
export const splitRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  app.post('/div/apply', {
    config: { access: 'split:apply' },
    schema: {
      tags,
      summary: 'Apply to share part of a merchant’s settled days with receivers (at most 30 % in all)',
      body: divApplyBody,
      response: { 200: envelopeSchema(divItem) },
    },
    handler: async (request) => ok(await applySplit(app.db, request.actor, request.body)),
  });
  app.post('/div/list', {
    config: { access: 'split:view' },
    schema: {
      tags,
      summary: 'Profit-sharing applications, newest first',
      body: divListBody,
      response: { 200: envelopeSchema(divPage) },
    },
    handler: async (request) => ok(await listSplits(app.db, request.actor, request.body)),
  });
  app.get('/div/detail', {
    config: { access: 'split:view' },
    schema: {
      tags,
      summary: 'One application',
      querystring: divDetailQuery,
      response: { 200: envelopeSchema(divItem) },
    },
    handler: async (request) => ok(await splitDetail(app.db, request.actor, request.query.applyNo)),
  });
  app.post('/div/cancel', {
    config: { access: 'split:apply' },
    schema: {
      tags,
      summary: 'Withdraw a SUBMITTED application',
      body: divCancelBody,
      response: { 200: envelopeSchema(divItem) },
    },
    handler: async (request) => ok(await cancelSplit(app.db, request.actor, request.body.applyNo)),
  });
};
