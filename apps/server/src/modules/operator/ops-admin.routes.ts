import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsEndpoints as ep } from '@mchweb/contract';
import { invalid, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { companiesByStatus } from '../company/index.ts';
import { merchantsByStatus } from '../merchant/index.ts';
import { applicationQueueAge } from '../onboarding/index.ts';
import { platformDays } from '../order/index.ts';
import { splitQueueAge } from '../split/index.ts';
import { approvalQueueAge } from './approval.service.ts';
import { changeOperator, createOperator, listOperators } from './operator-account.service.ts';
import { listOperatorAudit } from './operator-audit.service.ts';
import { OPS } from './operator.messages.ts';

/** The platform overview, the operators and their roles, and the operators' audit log. */
export const opsAdminRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  route(app, ep.overview, async (request) => {
    const { from, to } = request.body;
    if (from > to) throw invalid(OPS.badRange);
    return ok({
      days: await platformDays(app.db, from, to, config.timezone),
      merchantsByStatus: await merchantsByStatus(app.db),
      companiesByStatus: await companiesByStatus(app.db),
      queues: {
        onboarding: await applicationQueueAge(app.db),
        split: await splitQueueAge(app.db),
        approvals: await approvalQueueAge(app.db),
      },
    });
  });

  route(app, ep.operatorList, async () => ok(await listOperators(app.db)));
  route(app, ep.operatorCreate, async (request) =>
    ok((await createOperator(app.db, request.actor, request.body)).operator),
  );
  route(app, ep.operatorUpdate, async (request) =>
    ok(await changeOperator(app.db, request.actor, request.body, 'update')),
  );
  route(app, ep.operatorDisable, async (request) =>
    ok(await changeOperator(app.db, request.actor, request.body, 'disable')),
  );
  route(app, ep.operatorEnable, async (request) =>
    ok(await changeOperator(app.db, request.actor, request.body, 'enable')),
  );
  route(app, ep.operatorResetTotp, async (request) =>
    ok(await changeOperator(app.db, request.actor, request.body, 'resetTotp')),
  );
  route(app, ep.auditList, async (request) => ok(await listOperatorAudit(app.db, request.body, config.timezone)));
};
