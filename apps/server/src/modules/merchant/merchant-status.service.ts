import { eq } from 'drizzle-orm';
import type { MerchantStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { MERCHANT } from './merchant.messages.ts';
import { lockMerchant, setMerchantStatus } from './merchant.service.ts';
import { merchants } from './merchant.tables.ts';

export type MerchantAction = 'freeze' | 'unfreeze' | 'close';

/**
 * Move a locked merchant: freeze (ACTIVE -> FROZEN), unfreeze (FROZEN -> ACTIVE) or close (ACTIVE or FROZEN ->
 * CLOSED, the console's only), with the history entry (its reason is what the merchant's members see) and the
 * audit entry, in the caller's transaction. CLOSED is final.
 */
export async function changeLockedMerchant(
  tx: Tx,
  actor: Actor,
  merchant: { id: number; companyId: number; status: MerchantStatus; name: string },
  input: { mchNo: string; reason?: string | undefined },
  action: MerchantAction,
): Promise<MerchantStatus> {
  if (merchant.status === 'CLOSED') throw conflict(MERCHANT.closedIsFinal);
  if (action === 'freeze' && merchant.status === 'FROZEN') throw conflict(MERCHANT.alreadyFrozen);
  if (action === 'unfreeze' && merchant.status !== 'FROZEN') throw conflict(MERCHANT.notFrozen);
  const to: MerchantStatus = action === 'freeze' ? 'FROZEN' : action === 'close' ? 'CLOSED' : 'ACTIVE';
  await setMerchantStatus(tx, actor, merchant, to, input.reason ?? null);
  await recordAudit(tx, actor, {
    action: `merchant.${action}`,
    companyId: merchant.companyId,
    targetType: 'merchant',
    targetId: input.mchNo,
    detail: { from: merchant.status, to, reason: input.reason ?? null, name: merchant.name },
  });
  return to;
}

/** A member freezes or unfreezes a merchant of the organisation (merchant:edit). */
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
    return changeLockedMerchant(tx, actor, merchant, input, action);
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
