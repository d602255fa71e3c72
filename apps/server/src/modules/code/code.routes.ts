import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codePayPath, codeEndpoints as ep } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { notFound, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { contentDispositionFor } from '../upload/index.ts';
import { CODE } from './code.messages.ts';
import { createBatch, listBatches } from './code-batch.service.ts';
import { bindCode, disableCode, unbindCode } from './code-binding.service.ts';
import { batchCodes, listCodes } from './code-query.service.ts';
import { codePng, sheetFont, sheetPdf } from './code-sheet.ts';

/** A file answer (S7.4: the client skips the envelope checks for it); never kept by a shared cache. */
function sendFile(reply: FastifyReply, type: string, name: string, bytes: Buffer) {
  return reply
    .header('content-type', type)
    .header('content-length', String(bytes.length))
    .header('content-disposition', contentDispositionFor(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** Payment-code batches (/code-setting) and binding codes to merchants (/mch-code-setting). */
const codeRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  /** What a code's QR holds: its cashier on the configured public origin, else on the one this request came to. */
  const urlOf = (request: FastifyRequest) => (codeNo: string) =>
    `${config.publicOrigin ?? `${request.protocol}://${request.host}`}${codePayPath(codeNo)}`;
  const fileName = (request: FastifyRequest, no: string, ext: string) =>
    `${CODE.sheetFileName[request.actor.language]}_${no}.${ext}`;

  route(app, ep.batchCreate, async (request) => ok(await createBatch(app.db, request.actor, request.body)));
  route(app, ep.batchList, async (request) => ok(await listBatches(app.db, request.actor, request.body)));
  route(app, ep.list, async (request) => ok(await listCodes(app.db, request.actor, request.body)));
  route(app, ep.bind, async (request) => ok(await bindCode(app.db, request.actor, request.body)));
  route(app, ep.unbind, async (request) => ok(await unbindCode(app.db, request.actor, request.body)));
  route(app, ep.disable, async (request) => ok(await disableCode(app.db, request.actor, request.body)));
  route(app, ep.sheet, async (request, reply) => {
    const member = requireMember(request.actor);
    const codes = await batchCodes(app.db, member.companyId, request.query.batchNo);
    if (!codes) throw notFound(CODE.batchNotFound);
    const font = await sheetFont(config.pdfFont);
    if (!font) request.log.warn('no font with Chinese glyphs found (MCHWEB_PDF_FONT): names are drawn in Latin only');
    const pdf = await sheetPdf({
      companyName: member.companyName,
      batchNo: request.query.batchNo,
      codes,
      urlOf: urlOf(request),
      font,
    });
    return sendFile(reply, 'application/pdf', fileName(request, request.query.batchNo, 'pdf'), pdf);
  });
  route(app, ep.png, async (request, reply) => {
    const { codeNo } = request.query;
    const found = await listCodes(app.db, request.actor, { codeNo, limit: 1 });
    if (found.rows.length === 0) throw notFound(CODE.notFound);
    return sendFile(reply, 'image/png', fileName(request, codeNo, 'png'), await codePng(urlOf(request)(codeNo)));
  });
};
export default codeRoutes;
