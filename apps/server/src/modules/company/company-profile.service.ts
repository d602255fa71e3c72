import { eq } from 'drizzle-orm';
import type { CompanyInfo } from '@mchweb/contract';
import { requireMember, requireUser, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { setSessionCompany } from '../session/index.ts';
import { consumeSmsCode } from '../sms/index.ts';
import { COMPANY } from './company.messages.ts';
import { companies } from './company.tables.ts';
import { companyInfoFor } from './company-session.service.ts';
import { createCompany, creditCodeTaken, findCompany, type NewCompany } from './company.service.ts';

/** Create an organisation; the creator becomes its owner and it becomes the session's current one. */
export async function addCompany(db: Db, actor: Actor, input: NewCompany): Promise<CompanyInfo> {
  const session = requireUser(actor);
  if (await creditCodeTaken(db, input.creditCode)) throw conflict(COMPANY.creditCodeTaken);
  let companyId: number;
  try {
    companyId = await db.transaction(async (tx) => {
      const id = await createCompany(tx, session.userId, input);
      await setSessionCompany(tx, session, id);
      await recordAudit(tx, actor, {
        action: 'company.create',
        companyId: id,
        targetType: 'company',
        targetId: id,
        detail: { companyName: input.companyName, creditCode: input.creditCode },
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(COMPANY.creditCodeTaken);
    throw err;
  }
  return companyInfoFor(db, session.userId, companyId);
}

export async function updateCompany(
  db: Db,
  actor: Actor,
  input: { companyName: string; contactName: string; address?: string | undefined },
): Promise<CompanyInfo> {
  const { companyId } = requireMember(actor);
  const session = requireUser(actor);
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId);
    if (!before) throw notFound(COMPANY.notFound);
    await tx
      .update(companies)
      .set({
        name: input.companyName,
        contactName: input.contactName,
        ...(input.address !== undefined ? { address: input.address || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, actor, {
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
export async function openFeeManager(db: Db, actor: Actor): Promise<CompanyInfo> {
  const { companyId } = requireMember(actor);
  const session = requireUser(actor);
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) throw notFound(COMPANY.notFound);
    if (company.openedAt) {
      throw conflict(COMPANY.serviceAlreadyOpen(company.openedAt));
    }
    await tx.update(companies).set({ openedAt: new Date(), updatedAt: new Date() }).where(eq(companies.id, companyId));
    await recordAudit(tx, actor, { action: 'company.open', targetType: 'company', targetId: companyId });
  });
  return companyInfoFor(db, session.userId, companyId);
}

/** Bind the contact mobile: the SMS code (scene bindMobile) sent to that mobile proves it is reachable. */
export async function bindingMobile(
  db: Db,
  actor: Actor,
  input: { mobile: string; smsCode: string },
): Promise<CompanyInfo> {
  const { companyId } = requireMember(actor);
  const session = requireUser(actor);
  // Outside the transaction, so a wrong try is counted even though the request fails.
  await consumeSmsCode(db, { mobile: input.mobile, scene: 'bindMobile', code: input.smsCode });
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId);
    if (!before) throw notFound(COMPANY.notFound);
    await tx
      .update(companies)
      .set({ contactMobile: input.mobile, mobileBoundAt: new Date(), updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, actor, {
      action: 'company.bindMobile',
      targetType: 'company',
      targetId: companyId,
      detail: { before: before.contactMobile, after: input.mobile },
    });
  });
  return companyInfoFor(db, session.userId, companyId);
}
