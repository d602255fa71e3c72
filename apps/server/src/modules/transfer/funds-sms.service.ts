import { FUNDS_SMS_SCENE } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { SmsSender } from '../../sms-sender.ts';
import { findCompany } from '../company/index.ts';
import { consumeSmsCode, maskMobile, sendSmsCode } from '../sms/index.ts';
import { TRANSFER } from './transfer.messages.ts';

/** The organisation's contact mobile, where the codes of sensitive fund steps go; refused when none is bound. */
export async function contactMobileOf(db: Tx, companyId: number): Promise<string> {
  const company = await findCompany(db, companyId);
  if (!company?.contactMobile) throw conflict(TRANSFER.noContactMobile);
  return company.contactMobile;
}

export { maskMobile };

/** `POST /funds/sms/send`: a code to the contact mobile, for a member who may do what it is for. */
export async function sendFundsCode(db: Db, sender: SmsSender, actor: Actor, purpose: 'payee' | 'transfer') {
  const { companyId, permissions } = requireMember(actor);
  if (!permissions.has(purpose === 'payee' ? 'payee:edit' : 'transfer:create')) throw forbidden(TRANSFER.noPermission);
  const mobile = await contactMobileOf(db, companyId);
  const sent = await sendSmsCode(db, sender, { mobile, scene: FUNDS_SMS_SCENE });
  return { mobileMasked: maskMobile(mobile), resendAfterSeconds: sent.resendAfterSeconds };
}

/** Use up the contact mobile's code (a wrong one is counted and refused with the SMS module's message). */
export async function consumeFundsCode(db: Tx, companyId: number, code: string) {
  await consumeSmsCode(db, { mobile: await contactMobileOf(db, companyId), scene: FUNDS_SMS_SCENE, code });
}
