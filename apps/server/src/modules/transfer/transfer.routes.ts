import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transferEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { sendFundsCode } from './funds-sms.service.ts';
import { addPayee, listPayees, removePayee } from './payee.service.ts';
import {
  listTransfers,
  transferDetail,
  transferItem as itemOf,
  transferSummary as summaryOf,
} from './transfer-query.service.ts';
import { balanceOf, createTransfer, transferRules as rulesOf } from './transfer.service.ts';

/** Balances, payee accounts (/transfer-account) and transfers (/transfer-list) of the current organisation. */
const transferRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, smsSender, channels }) => {
  const settings = {
    tz: config.timezone,
    smsAboveFen: config.transferSmsAboveFen,
    dailyLimitFen: config.transferDailyLimitFen,
  };
  route(app, ep.balance, async (request) => ok(await balanceOf(app.db, request.actor, request.query.mchNo)));
  route(app, ep.rules, async (request) => ok(await rulesOf(app.db, request.actor, settings)));
  route(app, ep.smsSend, async (request) =>
    ok(await sendFundsCode(app.db, smsSender, request.actor, request.body.purpose)),
  );
  route(app, ep.payeeList, async (request) => ok(await listPayees(app.db, request.actor, request.body)));
  route(app, ep.payeeAdd, async (request) => ok(await addPayee(app.db, request.actor, request.body)));
  route(app, ep.payeeRemove, async (request) => ok(await removePayee(app.db, request.actor, request.body.accountId)));
  route(app, ep.create, async (request) =>
    ok(await itemOf(app.db, await createTransfer(app.db, request.actor, request.body, settings, channels.payout))),
  );
  route(app, ep.list, async (request, reply) =>
    ok(await listTransfers((await app.readerFor(request, reply)).db, request.actor, request.body, settings.tz)),
  );
  route(app, ep.summary, async (request, reply) =>
    ok(await summaryOf((await app.readerFor(request, reply)).db, request.actor, request.body, settings.tz)),
  );
  route(app, ep.detail, async (request) => ok(await transferDetail(app.db, request.actor, request.query.transferNo)));
};
export default transferRoutes;
