import { eq } from 'drizzle-orm';
import type { CompanyInfo } from '@mchweb/contract';
import { requireMember, requireUser, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { BizError, conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../errors.ts';
import { SmsRefused, type SmsSender } from '../../sms-sender.ts';
import { recordAudit } from '../audit/index.ts';
import { setSessionCompany } from '../session/index.ts';
import { checkSmsCode, consumeSmsCode, maskMobile, sendSmsCode, smsRefusal } from '../sms/index.ts';
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

/** The scene of the code sent to the current contact mobile to move it to another number (issue 25.7). */
export const CHANGE_MOBILE_SCENE = 'changeMobile';

/** What the old contact mobile is told after a move (an SMS text, in English like the codes' texts). */
const mobileChangedSms = ({ company, mobile }: { company: string; mobile: string }) =>
  `[mchweb] The contact mobile of ${company} was changed to ${mobile}. ` +
  'If you did not ask for this, contact your account manager at once.';

/** Moving the contact mobile is the Owner's: it is the second factor of payees and large transfers. */
function requireOwner(actor: Actor) {
  const member = requireMember(actor);
  if (member.roleCode !== 'OWNER') throw forbidden(COMPANY.ownerChangesMobile);
  return member;
}

/** `POST /feeManager/sendChangeMobileCode`: the Owner asks for a code to the current contact mobile. */
export async function sendChangeMobileCode(db: Db, sender: SmsSender, actor: Actor) {
  const { companyId } = requireOwner(actor);
  const company = await findCompany(db, companyId);
  if (!company) throw notFound(COMPANY.notFound);
  const sent = await sendSmsCode(db, sender, { mobile: company.contactMobile, scene: CHANGE_MOBILE_SCENE });
  return { mobileMasked: maskMobile(company.contactMobile), resendAfterSeconds: sent.resendAfterSeconds };
}

/**
 * Bind the contact mobile: the SMS code (scene bindMobile) sent to that mobile proves it is reachable. Binding
 * the organisation's current contact mobile (its first proof) is any member's with the permission; moving it to
 * another number is the Owner's, with a code sent to the current one too, and the current one is told by SMS
 * afterwards (issue 25.7: an Admin moved it to their own phone, then added their own payee).
 */
export async function bindingMobile(
  db: Db,
  sender: SmsSender,
  actor: Actor,
  input: { mobile: string; smsCode: string; oldSmsCode?: string | undefined },
): Promise<CompanyInfo> {
  const { companyId } = requireMember(actor);
  const session = requireUser(actor);
  const current = await findCompany(db, companyId);
  if (!current) throw notFound(COMPANY.notFound);
  const moving = current.contactMobile !== input.mobile;
  const oldCode = { mobile: current.contactMobile, scene: CHANGE_MOBILE_SCENE, code: input.oldSmsCode ?? '' };
  if (moving) {
    requireOwner(actor);
    if (!input.oldSmsCode) throw invalid(COMPANY.oldSmsCodeRequired);
    // Checked first, used up last: a wrong new code does not cost the old one.
    await checkSmsCode(db, oldCode).catch((err: unknown) => {
      throw asOldCodeError(err);
    });
  }
  // Outside the transaction, so a wrong try is counted even though the request fails.
  await consumeSmsCode(db, { mobile: input.mobile, scene: 'bindMobile', code: input.smsCode });
  if (moving) {
    await consumeSmsCode(db, oldCode).catch((err: unknown) => {
      throw asOldCodeError(err);
    });
  }
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId);
    if (!before) throw notFound(COMPANY.notFound);
    await tx
      .update(companies)
      .set({ contactMobile: input.mobile, mobileBoundAt: new Date(), updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, actor, {
      action: moving ? 'company.changeMobile' : 'company.bindMobile',
      targetType: 'company',
      targetId: companyId,
      detail: { before: before.contactMobile, after: input.mobile },
    });
    // In the same transaction: the change and the warning to the number it left are one.
    if (moving) {
      const params = { company: before.name, mobile: maskMobile(input.mobile) };
      await sender
        .send(tx, { mobile: before.contactMobile, scene: 'mobileChanged', params, text: mobileChangedSms(params) })
        .catch((err: unknown) => {
          throw err instanceof SmsRefused ? smsRefusal(err) : err;
        });
    }
  });
  return companyInfoFor(db, session.userId, companyId);
}

/** The SMS module names its field smsCode; the old mobile's code is the field oldSmsCode. */
function asOldCodeError(err: unknown) {
  if (!(err instanceof BizError)) return err;
  const rename = (msg: string) => msg.replace(/^smsCode: /, 'oldSmsCode: ');
  return new BizError(err.code, { 'en-US': rename(err.text['en-US']), 'zh-CN': rename(err.text['zh-CN']) });
}
