import { eq } from 'drizzle-orm';
import type { CodeBindAnswer, CodeListItem, CodeStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { covers, type MerchantScope } from '../../merchant-scope.ts';
import { recordAudit } from '../audit/index.ts';
import { lockMerchant, merchantNamesOf } from '../merchant/index.ts';
import { CODE } from './code.messages.ts';
import { codeView, type CodeRow } from './code-query.service.ts';
import { paymentCodes } from './code.tables.ts';

/**
 * The code row locked for a change; another organisation's code is not found, like one that does not exist, and
 * so is a code of a merchant outside the member's scope (a code bound to no merchant is the organisation's).
 */
async function lockCode(
  tx: Tx,
  member: { companyId: number; merchantIds: MerchantScope },
  codeNo: string,
): Promise<CodeRow & { status: CodeStatus }> {
  const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.codeNo, codeNo)).for('update');
  if (!row || row.companyId !== member.companyId) throw notFound(CODE.notFound);
  if (row.merchantId !== null && !covers(member.merchantIds, row.merchantId)) throw notFound(CODE.notFound);
  return { ...row, status: row.status as CodeStatus };
}

/** The merchant a code is (or was last) bound to, for the audit entry and the rebind answer. */
async function merchantOf(tx: Tx, code: CodeRow) {
  if (code.merchantId === null) return null;
  return (await merchantNamesOf(tx, [code.merchantId])).get(code.merchantId) ?? null;
}

export interface BindInput {
  codeNo: string;
  mchNo: string;
  fixedAmountFen?: number | null | undefined;
  label?: string | undefined;
}

/**
 * `POST /code/bind`: an UNBOUND code becomes BOUND to an ACTIVE merchant of the organisation; a BOUND one is rebound
 * (to another merchant, or the same with a new amount and label), and the answer names the merchant it was taken
 * from. A DISABLED code refuses. The merchant row is locked with the code, so a freeze cannot slip in between
 * the check and the binding.
 */
export async function bindCode(db: Db, actor: Actor, input: BindInput): Promise<CodeBindAnswer> {
  const member = requireMember(actor);
  return db.transaction(async (tx) => {
    const code = await lockCode(tx, member, input.codeNo);
    if (code.status === 'DISABLED') throw conflict(CODE.disabled);
    const merchant = await lockMerchant(tx, member.companyId, input.mchNo, member.merchantIds);
    if (!merchant) throw notFound(CODE.merchantNotFound);
    if (merchant.status === 'FROZEN') throw conflict(CODE.merchantFrozen);
    if (merchant.status === 'CLOSED') throw conflict(CODE.merchantClosed);
    const before = code.status === 'BOUND' ? await merchantOf(tx, code) : null;
    const fixedAmountFen = input.fixedAmountFen ?? null;
    const label = input.label || null;
    await tx
      .update(paymentCodes)
      .set({ status: 'BOUND', merchantId: merchant.id, fixedAmountFen, label, boundAt: new Date() })
      .where(eq(paymentCodes.id, code.id));
    const rebound = before !== null && code.merchantId !== merchant.id;
    await recordAudit(tx, actor, {
      action: rebound ? 'code.rebind' : 'code.bind',
      targetType: 'paymentCode',
      targetId: code.codeNo,
      detail: {
        mchNo: input.mchNo,
        fixedAmountFen,
        label,
        before: before && { mchNo: before.mchNo, fixedAmountFen: code.fixedAmountFen, label: code.label },
      },
    });
    return {
      ...(await codeView(tx, code.id)),
      reboundFrom: rebound ? { mchNo: before.mchNo, mchName: before.name } : null,
    };
  });
}

/** `POST /code/unbind`: BOUND -> UNBOUND; the merchant, amount and label go (the audit entry keeps them). */
export async function unbindCode(db: Db, actor: Actor, input: { codeNo: string }): Promise<CodeListItem> {
  const member = requireMember(actor);
  return db.transaction(async (tx) => {
    const code = await lockCode(tx, member, input.codeNo);
    if (code.status === 'DISABLED') throw conflict(CODE.disabled);
    if (code.status !== 'BOUND') throw conflict(CODE.notBound);
    const before = await merchantOf(tx, code);
    await tx
      .update(paymentCodes)
      .set({ status: 'UNBOUND', merchantId: null, fixedAmountFen: null, label: null, boundAt: null })
      .where(eq(paymentCodes.id, code.id));
    await recordAudit(tx, actor, {
      action: 'code.unbind',
      targetType: 'paymentCode',
      targetId: code.codeNo,
      detail: { before: { mchNo: before?.mchNo ?? null, fixedAmountFen: code.fixedAmountFen, label: code.label } },
    });
    return codeView(tx, code.id);
  });
}

/**
 * `POST /code/disable`: UNBOUND or BOUND -> DISABLED, for good (a lost or damaged sticker). It keeps the merchant,
 * amount and label it had, so the list still says whose code it was; the cashier refuses it. Disabling a disabled
 * code again answers it as it is (a double click is not an error) and writes nothing.
 */
export async function disableCode(db: Db, actor: Actor, input: { codeNo: string }): Promise<CodeListItem> {
  const member = requireMember(actor);
  return db.transaction(async (tx) => {
    const code = await lockCode(tx, member, input.codeNo);
    if (code.status !== 'DISABLED') {
      await tx
        .update(paymentCodes)
        .set({ status: 'DISABLED', disabledAt: new Date() })
        .where(eq(paymentCodes.id, code.id));
      const merchant = await merchantOf(tx, code);
      await recordAudit(tx, actor, {
        action: 'code.disable',
        targetType: 'paymentCode',
        targetId: code.codeNo,
        detail: { from: code.status, mchNo: merchant?.mchNo ?? null, label: code.label },
      });
    }
    return codeView(tx, code.id);
  });
}
