import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code, ONBOARDING_UPLOAD_MAX_BYTES, inviteNo, onboardingEndpoints as ep } from '@mchweb/contract';
import { requireMember } from '../../actor.ts';
import { BizError, invalid, notFound, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { contentDispositionFor, openUpload, storeUpload, UPLOAD } from '../upload/index.ts';
import { usableInvitationOf } from './invitee.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';

// Documents of an application (POST /inco/upload, POST /api/pay/inco/upload) and reading them back. multipart is
// registered for these routes only: one file of at most 5 MiB, and the invitation number as a field.

const LIMITS = { fileSize: ONBOARDING_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200 };

/**
 * The multipart parser's refusals as the envelope's codes, naming the field. Whatever else the parser throws
 * (busboy's plain errors: no boundary, a body cut off mid-part) is the body's fault too, never a 500 (issue 25.4).
 */
function multipartError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new BizError(Code.TOO_LARGE, UPLOAD.tooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new BizError(Code.UNSUPPORTED_MEDIA, ONBOARDING.sendMultipart);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return invalid(ONBOARDING.oneFileOnly);
    default:
      return err instanceof BizError ? err : invalid(ONBOARDING.malformedMultipart);
  }
}

/** The one file of the request (field `file`) and its text fields. */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw invalid(ONBOARDING.oneFileOnly);
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!file) throw invalid(ONBOARDING.fileMissing);
  return { fields, file };
}

/**
 * Send a stored file: its stored content type, never sniffed, never kept by a shared cache. Images open in the
 * page (the wizard shows them); a PDF is downloaded rather than rendered on our origin.
 */
/** An upload as the answer: images inline, other files (PDF) as attachments unless `inline` (the console's viewer). */
export async function sendUpload(
  reply: FastifyReply,
  found: NonNullable<Awaited<ReturnType<typeof openUpload>>>,
  opts: { inline?: boolean } = {},
) {
  const inline = opts.inline ?? found.meta.contentType.startsWith('image/');
  return reply
    .header('content-type', found.meta.contentType)
    .header('content-length', String(found.meta.size))
    .header('content-disposition', contentDispositionFor(found.meta.originalName, inline))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=300')
    .header('etag', `"${found.meta.sha256}"`)
    .send(found.stream);
}

/** A member's uploads and downloads, under /api/merchant. */
export const memberUploadRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { storage }) => {
  await app.register(multipart, { limits: LIMITS });
  route(app, ep.upload, async (request) => {
    const { companyId } = requireMember(request.actor);
    const { file } = await readForm(request);
    const stored = await storeUpload(app.db, storage, request.actor, { companyId, inviteNo: null, ...file });
    return ok({ ...stored, url: `/api/merchant/inco/file/${stored.fileId}` });
  });
  route(app, ep.file, async (request, reply) => {
    const { companyId } = requireMember(request.actor);
    const found = await openUpload(app.db, storage, request.params.fileId);
    if (!found || found.meta.companyId !== companyId) {
      found?.stream.destroy();
      throw notFound(ONBOARDING.fileNotFound);
    }
    return sendUpload(reply, found);
  });
};

/** The invited merchant's uploads and downloads, under /api/pay: only through an invitation that can be used. */
export const inviteeUploadRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { storage }) => {
  await app.register(multipart, { limits: LIMITS });
  route(app, ep.publicUpload, async (request) => {
    const { fields, file } = await readForm(request);
    const number = inviteNo.safeParse(fields.inviteNo ?? '');
    if (!number.success) throw invalid(ONBOARDING.inviteNoField);
    const invitation = await usableInvitationOf(app.db, number.data);
    const stored = await storeUpload(app.db, storage, request.actor, {
      companyId: invitation.companyId,
      inviteNo: invitation.inviteNo,
      ...file,
    });
    return ok({ ...stored, url: `/api/pay/inco/file/${stored.fileId}?inviteNo=${invitation.inviteNo}` });
  });
  route(app, ep.publicFile, async (request, reply) => {
    const invitation = await usableInvitationOf(app.db, request.query.inviteNo);
    const found = await openUpload(app.db, storage, request.params.fileId);
    if (!found || found.meta.inviteNo !== invitation.inviteNo) {
      found?.stream.destroy();
      throw notFound(ONBOARDING.fileNotFound);
    }
    return sendUpload(reply, found);
  });
};
