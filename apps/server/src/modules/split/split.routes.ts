import type { FastifyPluginAsync } from 'fastify';
import { splitEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { applySplit, cancelSplit, listSplits, splitDetail } from './split.service.ts';

/** Profit-sharing applications of the current organisation (/div-account). */
export const splitRoutes: FastifyPluginAsync<ModuleContext> = async (app) => {
  route(app, ep.apply, async (request) => ok(await applySplit(app.db, request.actor, request.body)));
  route(app, ep.list, async (request) => ok(await listSplits(app.db, request.actor, request.body)));
  route(app, ep.detail, async (request) => ok(await splitDetail(app.db, request.actor, request.query.applyNo)));
  route(app, ep.cancel, async (request) => ok(await cancelSplit(app.db, request.actor, request.body.applyNo)));
};
