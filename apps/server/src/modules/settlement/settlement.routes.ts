import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billBody,
  billRowsBody,
  billSummary,
  envelopeSchema,
  exportSettlementBody,
  exportTradeBillBody,
  movementPage,
  settlementDetailQuery,
  settlementFilter,
  settlementItem,
  settlementListBody,
  settlementMovementsBody,
  settlementPage,
  settlementSummary,
} from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { ok } from '../../errors.ts';
import { sendExport } from '../../export-file.ts';
import type { ModuleContext } from '../../module.ts';
import { recordAudit } from '../audit/index.ts';
import { billRows, billSummary as summaryOfBill } from './bill.service.ts';
import { settlementFile, tradeBillFile } from './settlement-export.ts';
import {
  listSettlements,
  settlementDetail,
  settlementMovements,
  settlementSummary as summaryOf,
} from './settlement-query.service.ts';

const tags = ['settlement'];

/** Settlements (/settlement) and the trade bill (/bill) of the current organisation. */
const settlementRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const tz = config.timezone;
  app.post('/settlement/list', {
    config: { access: 'settlement:view' },
    schema: {
      tags,
      summary: 'Settlements of the filter (default: the last 30 days), newest first; keyset pages',
      body: settlementListBody,
      response: { 200: envelopeSchema(settlementPage) },
    },
    handler: async (request) => ok(await listSettlements(app.db, request.actor, request.body, tz)),
  });
  app.post('/settlement/summary', {
    config: { access: 'settlement:view' },
    schema: {
      tags,
      summary: 'Totals of the same filter',
      body: settlementFilter,
      response: { 200: envelopeSchema(settlementSummary) },
    },
    handler: async (request) => ok(await summaryOf(app.db, request.actor, request.body, tz)),
  });
  app.get('/settlement/detail', {
    config: { access: 'settlement:view' },
    schema: {
      tags,
      summary: 'One settlement',
      querystring: settlementDetailQuery,
      response: { 200: envelopeSchema(settlementItem) },
    },
    handler: async (request) => ok(await settlementDetail(app.db, request.actor, request.query.settleNo)),
  });
  app.post('/settlement/movements', {
    config: { access: 'settlement:view' },
    schema: {
      tags,
      summary: 'The payments, refunds and failed refunds’ returns a settlement covers, in posting order',
      body: settlementMovementsBody,
      response: { 200: envelopeSchema(movementPage) },
    },
    handler: async (request) => ok(await settlementMovements(app.db, request.actor, request.body, tz)),
  });
  app.post('/exportSettlement', {
    config: { access: 'settlement:export' },
    schema: {
      tags,
      summary: 'Every settlement of the filter as CSV or XLSX; answers the file',
      body: exportSettlementBody,
    },
    handler: async (request, reply) => {
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
    },
  });
  app.post('/bill/summary', {
    config: { access: 'bill:view' },
    schema: {
      tags,
      summary: "A merchant-day's (or the organisation's day's) trade bill: totals, per channel, the day's settlements",
      body: billBody,
      response: { 200: envelopeSchema(billSummary) },
    },
    handler: async (request) => ok(await summaryOfBill(app.db, request.actor, request.body, tz)),
  });
  app.post('/bill/rows', {
    config: { access: 'bill:view' },
    schema: {
      tags,
      summary: 'Every payment and refund of the day in posting order; keyset pages',
      body: billRowsBody,
      response: { 200: envelopeSchema(movementPage) },
    },
    handler: async (request) => ok(await billRows(app.db, request.actor, request.body, tz)),
  });
  app.post('/exportTradeBill', {
    config: { access: 'bill:export' },
    schema: {
      tags,
      summary: 'The trade bill in the WeChat trade-bill style: CSV with a summary block, or XLSX with two sheets',
      body: exportTradeBillBody,
    },
    handler: async (request, reply) => {
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
    },
  });
};
export default settlementRoutes;
