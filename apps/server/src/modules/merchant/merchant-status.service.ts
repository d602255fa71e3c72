import { eq } from 'drizzle-orm';
import type { MerchantStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { MERCHANT } from './merchant.messages.ts';
import { lockMerchant, setMerchantStatus } from './merchant.service.ts';
import { merchants } from './merchant.tables.ts';

/**
 * Freeze (ACTIVE -> FROZEN) or unfreeze (FROZEN -> ACTIVE) a merchant of the actor's organisation (merchant:edit),
 * with the history entry and the audit entry in one transaction. CLOSED is final.
 */
async function changeStatus(
  db: Db,
  actor: Actor,
  input: { mchNo: string; reason?: string | undefined },
  action: 'freeze' | 'unfreeze',
): Promise<MerchantStatus> {
  const { companyId, merchantIds } = requireMember(actor);
  return db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, companyId, input.mchNo, merchantIds);
    if (!merchant) throw notFound(MERCHANT.notFound);
    if (merchant.status === 'CLOSED') throw conflict(MERCHANT.closedIsFinal);
    if (action === 'freeze' && merchant.status === 'FROZEN') throw conflict(MERCHANT.alreadyFrozen);
    if (action === 'unfreeze' && merchant.status !== 'FROZEN') throw conflict(MERCHANT.notFrozen);
    const to: MerchantStatus = action === 'freeze' ? 'FROZEN' : 'ACTIVE';
    await setMerchantStatus(tx, actor, merchant, to, input.reason ?? null);
    await recordAudit(tx, actor, {
      action: `merchant.${action}`,
      targetType: 'merchant',
      targetId: input.mchNo,
      detail: { from: merchant.status, to, reason: input.reason ?? null, name: merchant.name },
    });
    return to;
  });
}

export const freezeMerchant = (db: Db, actor: Actor, input: { mchNo: string; reason: string }) =>
  changeStatus(db, actor, input, 'freeze');
export const unfreezeMerchant = (db: Db, actor: Actor, input: { mchNo: string; reason?: string | undefined }) =>
  changeStatus(db, actor, input, 'unfreeze');

/**
 * The payments work calls this before it takes money for a merchant: a FROZEN or CLOSED merchant takes none
 * (code 409 with a message naming why), an unknown one is not found. Pass the transaction that creates the
 * order, so a freeze committed before it is seen.
 */
export async function assertMerchantCanTakePayments(db: Tx, mchNo: string): Promise<void> {
  const [row] = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.mchNo, mchNo));
  if (!row) throw notFound(MERCHANT.notFound);
  if (row.status === 'FROZEN') throw conflict(MERCHANT.frozenTakesNoPayments);
  if (row.status === 'CLOSED') throw conflict(MERCHANT.closedTakesNoPayments);
}
