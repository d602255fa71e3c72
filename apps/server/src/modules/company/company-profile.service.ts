import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CompanyInfo } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../plugins/envelope.ts';
import { requireMember, requireSession } from '../../plugins/access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { setSessionCompany } from '../auth/session.service.ts';
import { consumeSmsCode } from '../auth/sms.service.ts';
import { companies } from './company.tables.ts';
import { companyInfoFor } from './company-session.service.ts';
import { createCompany, creditCodeTaken, findCompany, type NewCompany } from './company.service.ts';
import { M } from '../../i18n/messages.ts';

/** PostgreSQL's unique_violation, raised when two requests race past the duplicate check. */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Create an organisation; the creator becomes its owner and it becomes the session's current one. */
export async function addCompany(db: Db, request: FastifyRequest, input: NewCompany): Promise<CompanyInfo> {
  const session = requireSession(request);
  if (await creditCodeTaken(db, input.creditCode)) throw conflict(M.creditCodeTaken);
  let companyId: number;
  try {
    companyId = await db.transaction(async (tx) => {
      const id = await createCompany(tx, session.userId, input);
      await setSessionCompany(tx, session, id);
      await recordAudit(tx, request, {
        action: 'company.create',
        companyId: id,
        targetType: 'company',
        targetId: id,
        detail: { companyName: input.companyName, creditCode: input.creditCode },
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.creditCodeTaken);
    throw err;
  }
  return companyInfoFor(db, session.userId, companyId);
}

export async function updateCompany(
  db: Db,
  request: FastifyRequest,
  input: { companyName: string; contactName: string; address?: string | undefined },
): Promise<CompanyInfo> {
  const { companyId } = requireMember(request);
  const session = requireSession(request);
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId);
    if (!before) throw notFound(M.notFound.organisation);
    await tx
      .update(companies)
      .set({
        name: input.companyName,
        contactName: input.contactName,
        ...(input.address !== undefined ? { address: input.address || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, request, {
      action: 'company.update',
      targetType: 'company',
      targetId: companyId,
      detail: {
        before: { companyName: before.name, contactName: before.contactName, address: before.address },
        after: input,
      },
    });
  });
  return companyInfoFor(db, session.userId, companyId);
}

/** Open the service once, after the agreements were accepted. */
export async function openFeeManager(db: Db, request: FastifyRequest): Promise<CompanyInfo> {
  const { companyId } = requireMember(request);
  const session = requireSession(request);
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) throw notFound(M.notFound.organisation);
    if (company.openedAt) {
      throw conflict(M.serviceAlreadyOpen(company.openedAt));
    }
    await tx.update(companies).set({ openedAt: new Date(), updatedAt: new Date() }).where(eq(companies.id, companyId));
    await recordAudit(tx, request, { action: 'company.open', targetType: 'company', targetId: companyId });
  });
  return companyInfoFor(db, session.userId, companyId);
}

/** Bind the contact mobile: the SMS code (scene bindMobile) sent to that mobile proves it is reachable. */
export async function bindingMobile(
  db: Db,
  request: FastifyRequest,
  input: { mobile: string; smsCode: string },
): Promise<CompanyInfo> {
  const { companyId } = requireMember(request);
  const session = requireSession(request);
  // Outside the transaction, so a wrong try is counted even though the request fails.
  await consumeSmsCode(db, { mobile: input.mobile, scene: 'bindMobile', code: input.smsCode });
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId);
    if (!before) throw notFound(M.notFound.organisation);
    await tx
      .update(companies)
      .set({ contactMobile: input.mobile, mobileBoundAt: new Date(), updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, request, {
      action: 'company.bindMobile',
      targetType: 'company',
      targetId: companyId,
      detail: { before: before.contactMobile, after: input.mobile },
    });
  });
  return companyInfoFor(db, session.userId, companyId);
}
