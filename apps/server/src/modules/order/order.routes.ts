import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoints as ep } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { invalid, ok, okJsonText } from '../../errors.ts';
import { sendExport, XLSX_MAX_DATA_ROWS } from '../../export-file.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { recordAudit } from '../audit/index.ts';
import { orderFile } from './order-export.ts';
import { resolveFilter } from './order-filter.ts';
import { orderDetail as detailOf, listOrders } from './order-query.service.ts';
import { orderSummary as summaryOf } from './order-summary.service.ts';
import { ORDER } from './order.messages.ts';
import { requestRefund } from './refund.service.ts';

const EXPORT_MAX_DAYS = 366;

/** Orders of the current organisation (/order): list, totals, detail, refund, export. */
const orderRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, channels }) => {
  const tz = config.timezone;
  route(app, ep.list, async (request, reply) => {
    const { cursor, limit, ...filter } = request.body;
    const r = resolveFilter(requireMember(request.actor), filter, tz);
    const page = await listOrders(await app.readerFor(request, reply), r, { cursor, limit });
    // JSON text already: a string with a JSON content type goes out as it is, past the response schema (which
    // documents it; a test holds the text to it). The cast is for the schema's type, which a string is not.
    return reply.type('application/json; charset=utf-8').send(okJsonText(page) as never);
  });
  route(app, ep.summary, async (request, reply) => {
    const r = resolveFilter(requireMember(request.actor), request.body, tz);
    return ok(await summaryOf((await app.readerFor(request, reply)).db, r, tz));
  });
  route(app, ep.detail, async (request) => ok(await detailOf(app.db, request.actor, request.query.orderNo)));
  route(app, ep.refund, async (request) => ok(await requestRefund(app.db, request.actor, request.body, channels)));
  route(app, ep.export, async (request, reply) => {
    const r = resolveFilter(requireMember(request.actor), request.body.filter, tz);
    if (r.end.getTime() - r.start.getTime() > EXPORT_MAX_DAYS * 86_400_000) throw invalid(ORDER.exportTooWide);
    const reader = await app.readerFor(request, reply);
    if (request.body.format === 'xlsx') {
      // Refused before the file starts: an Excel sheet ends at 1 048 576 rows (the day totals count fast).
      const { count } = await summaryOf(reader.db, r, tz);
      if (count > XLSX_MAX_DATA_ROWS) throw invalid(ORDER.xlsxTooMany(count));
    }
    await recordAudit(app.db, request.actor, {
      action: 'order.export',
      targetType: 'order',
      detail: { filter: request.body.filter, format: request.body.format },
    });
    const { format } = request.body;
    const name = `${request.actor.language === 'zh-CN' ? '订单' : 'orders'}_${r.start.toISOString().slice(0, 10)}_${new Date(r.end.getTime() - 1).toISOString().slice(0, 10)}.${format}`;
    const body = orderFile(reader, r, format, request.actor.language, tz);
    return sendExport(reply, name, format, body);
  });
};
export default orderRoutes;
