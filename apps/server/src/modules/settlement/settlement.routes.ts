import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settlementEndpoints as ep } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { ok } from '../../errors.ts';
import { sendExport } from '../../export-file.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { recordAudit } from '../audit/index.ts';
import { billRows, billSummary as summaryOfBill } from './bill.service.ts';
import { settlementFile, tradeBillFile } from './settlement-export.ts';
import {
  listSettlements,
  settlementDetail,
  settlementMovements,
  settlementSummary as summaryOf,
} from './settlement-query.service.ts';

/** Settlements (/settlement) and the trade bill (/bill) of the current organisation. */
const settlementRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const tz = config.timezone;
  route(app, ep.list, async (request, reply) =>
    ok(await listSettlements((await app.readerFor(request, reply)).db, request.actor, request.body, tz)),
  );
  route(app, ep.summary, async (request, reply) =>
    ok(await summaryOf((await app.readerFor(request, reply)).db, request.actor, request.body, tz)),
  );
  route(app, ep.detail, async (request) => ok(await settlementDetail(app.db, request.actor, request.query.settleNo)));
  route(app, ep.movements, async (request) => ok(await settlementMovements(app.db, request.actor, request.body, tz)));
  route(app, ep.export, async (request, reply) => {
    const { companyId, merchantIds } = requireMember(request.actor);
    const { filter, format } = request.body;
    // The member's merchant scope goes with the filter: the file holds only its merchants' settlements.
    const scoped = { ...filter, scope: merchantIds };
    const body = settlementFile(app.database, companyId, scoped, format, request.actor.language, tz);
    await recordAudit(app.db, request.actor, {
      action: 'settlement.export',
      targetType: 'settlement',
      detail: { filter, format },
    });
    const name = `${request.actor.language === 'zh-CN' ? '结算' : 'settlements'}_${filter.from ?? 'last-30-days'}_${filter.to ?? 'today'}.${format}`;
    return sendExport(reply, name, format, body);
  });
  route(app, ep.billSummary, async (request) => ok(await summaryOfBill(app.db, request.actor, request.body, tz)));
  route(app, ep.billRows, async (request) => ok(await billRows(app.db, request.actor, request.body, tz)));
  route(app, ep.exportTradeBill, async (request, reply) => {
    const { mchNo, date, format } = request.body;
    // The merchant is checked before the file starts (a wrong number is an answer, not a broken download), and
    // before the audit log records an export.
    const body = await tradeBillFile(app.database, request.actor, { mchNo, date }, format, tz);
    await recordAudit(app.db, request.actor, {
      action: 'bill.export',
      targetType: 'bill',
      detail: { mchNo, date, format },
    });
    const name = `${request.actor.language === 'zh-CN' ? '交易账单' : 'trade-bill'}_${mchNo ?? 'all'}_${date}.${format}`;
    return sendExport(reply, name, format, body);
  });
};
export default settlementRoutes;
