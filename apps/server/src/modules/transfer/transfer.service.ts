import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Balance, TransferRules } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, dayOf, dayStart } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { covers, type MerchantScope } from '../../merchant-scope.ts';
import type { PayoutChannel } from '../../payout-channel.ts';
import { recordAudit } from '../audit/index.ts';
import { payoutDone, payoutRequested, payoutReturned, purseBalances, requireCover } from '../ledger/index.ts';
import { recordEvent, transferData } from '../webhook/index.ts';
import { merchantForPayment, merchantIdsOf } from '../merchant/index.ts';
import { businessNo, createOnce, requestHash } from '../../business-no.ts';
import { consumeFundsCode, contactMobileOf, maskMobile } from './funds-sms.service.ts';
import { findPayee } from './payee.service.ts';
import { TRANSFER } from './transfer.messages.ts';
import { transfers } from './transfer.tables.ts';

export interface TransferSettings {
  tz: string;
  smsAboveFen: number;
  dailyLimitFen: number;
}
type Row = typeof transfers.$inferSelect;

/** The organisation's merchant by number, for a member of the organisation (within its merchant scope). */
async function merchantOf(db: Tx, member: { companyId: number; merchantIds: MerchantScope }, mchNo: string) {
  const [id] = await merchantIdsOf(db, member.companyId, [mchNo], member.merchantIds);
  if (id === undefined) throw notFound(TRANSFER.merchantNotFound);
  return (await merchantForPayment(db, id))!;
}

/** `GET /balance`: pending, available and in transit, from the ledger's kept balances. */
export async function balanceOf(db: Tx, actor: Actor, mchNo: string): Promise<Balance> {
  const m = await merchantOf(db, requireMember(actor), mchNo);
  const b = (await purseBalances(db, [m.id])).get(m.id)!;
  return { mchNo, pendingFen: b.pending, availableFen: b.available, inTransitFen: b.in_transit };
}

/** `GET /transfer/rules`. */
export async function transferRules(db: Tx, actor: Actor, settings: TransferSettings): Promise<TransferRules> {
  const { companyId } = requireMember(actor);
  const mobile = await contactMobileOf(db, companyId).catch(() => null);
  return {
    smsAboveFen: settings.smsAboveFen,
    dailyLimitFen: settings.dailyLimitFen,
    contactMobileMasked: mobile ? maskMobile(mobile) : null,
  };
}

export interface NewTransfer {
  mchNo: string;
  accountId: number;
  amountFen: number;
  remark: string;
  idempotencyKey: string;
  smsCode?: string | undefined;
}

/**
 * `POST /transfer/create`: never more than available. The merchant's available balance row is locked first, then
 * the daily limit and the balance are checked and the money moved (available -> in transit) in the same
 * transaction, so concurrent transfers take turns and none can overdraw; the same key and body answer the first
 * transfer. Above the threshold the contact mobile's SMS code is required (checked before the money moves). Once
 * stored, the transfer is sent to the payout channel (our transfer number is its idempotent request number), which
 * answers later (finishTransfer).
 */
export async function createTransfer(
  db: Db,
  actor: Actor,
  input: NewTransfer,
  settings: TransferSettings,
  payout: PayoutChannel,
) {
  const member = requireMember(actor);
  const { companyId } = member;
  const hash = requestHash({
    mchNo: input.mchNo,
    accountId: input.accountId,
    amountFen: input.amountFen,
    remark: input.remark,
  });
  const earlier = async () => {
    const [row] = await db
      .select()
      .from(transfers)
      .where(and(eq(transfers.companyId, companyId), eq(transfers.idempotencyKey, input.idempotencyKey)));
    // A transfer of a merchant outside the member's scope: that merchant is not found for this member.
    if (row && !covers(member.merchantIds, row.merchantId)) throw notFound(TRANSFER.merchantNotFound);
    if (row && row.requestHash !== hash) throw conflict(TRANSFER.keyReused);
    return row ?? null;
  };
  const found = await earlier();
  if (found) return found;
  const m = await merchantOf(db, member, input.mchNo);
  if (m.status !== 'ACTIVE') throw conflict(TRANSFER.merchantNotActive);
  const payee = await findPayee(db, companyId, input.accountId);
  if (input.amountFen > settings.smsAboveFen) {
    if (!input.smsCode) throw conflict(TRANSFER.smsNeeded(settings.smsAboveFen));
    await consumeFundsCode(db, companyId, input.smsCode);
  }
  let created = false;
  const transfer = await createOnce(
    () =>
      db.transaction(async (tx) => {
        // The balance first (locked until the transaction ends, so concurrent transfers take turns), then the limit.
        await requireCover(tx, m.id, ['available'], input.amountFen, TRANSFER.notEnough);
        const today = dayOf(new Date(), settings.tz);
        const [{ sent }] = (await tx
          .select({ sent: sql<string>`coalesce(sum(${transfers.amountFen}), 0)::text` })
          .from(transfers)
          .where(
            and(
              eq(transfers.merchantId, m.id),
              ne(transfers.status, 'FAILED'),
              gte(transfers.createdAt, dayStart(today, settings.tz)),
              lt(transfers.createdAt, dayStart(addDays(today, 1), settings.tz)),
            ),
          )) as [{ sent: string }];
        const left = settings.dailyLimitFen - Number(sent);
        if (input.amountFen > left) throw conflict(TRANSFER.dailyLimit(Math.max(0, left), settings.dailyLimitFen));
        const [row] = await tx
          .insert(transfers)
          .values({
            transferNo: businessNo('T'),
            companyId,
            merchantId: m.id,
            accountId: input.accountId,
            amountFen: input.amountFen,
            remark: input.remark,
            idempotencyKey: input.idempotencyKey,
            requestHash: hash,
            createdBy: actor.userId,
          })
          .returning();
        await holdTransferMoney(tx, row!);
        await recordAudit(tx, actor, {
          action: 'transfer.create',
          targetType: 'transfer',
          targetId: row!.transferNo,
          detail: { mchNo: input.mchNo, accountId: input.accountId, amountFen: input.amountFen },
        });
        created = true;
        return row!;
      }),
    earlier,
  );
  if (created) {
    await payout.sendPayout({
      transferNo: transfer.transferNo,
      amountFen: transfer.amountFen,
      payee: { type: payee.type, name: payee.name, accountNo: payee.accountNo, bankName: payee.bankName },
      remark: transfer.remark,
    });
  }
  return transfer;
}

/**
 * A new transfer's money held: the merchant's available into in transit (the ledger's `payoutRequested`, refused
 * rather than leave available below zero). `finishTransfer` pays it out or gives it back.
 */
export function holdTransferMoney(
  tx: Tx,
  t: Pick<Row, 'transferNo' | 'companyId' | 'merchantId' | 'amountFen' | 'createdAt'>,
) {
  return payoutRequested(tx, {
    transferNo: t.transferNo,
    companyId: t.companyId,
    merchantId: t.merchantId,
    amountFen: t.amountFen,
    at: t.createdAt,
    short: TRANSFER.notEnough,
  });
}

/**
 * The payout channel's answer. Only a PROCESSING transfer changes: SUCCESS pays it out of in transit; FAILED
 * returns it to available (the transfer's ledger transaction reversed).
 */
export async function finishTransfer(
  db: Db,
  input: { transferNo: string; result: 'SUCCESS' | 'FAILED'; failReason?: string },
  now = new Date(),
): Promise<Row> {
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(transfers).where(eq(transfers.transferNo, input.transferNo)).for('update');
    if (!t) throw notFound(TRANSFER.transferNotFound);
    if (t.status !== 'PROCESSING') return t;
    if (input.result === 'SUCCESS') {
      await payoutDone(tx, {
        transferNo: t.transferNo,
        companyId: t.companyId,
        merchantId: t.merchantId,
        at: now,
        amountFen: t.amountFen,
      });
    } else {
      await payoutReturned(tx, { transferNo: t.transferNo, companyId: t.companyId, at: now });
    }
    const [done] = await tx
      .update(transfers)
      .set({
        status: input.result,
        finishedAt: now,
        failReason:
          input.result === 'FAILED' ? (input.failReason ?? 'Refused by the payout channel / 出款渠道拒绝') : null,
      })
      .where(eq(transfers.id, t.id))
      .returning();
    await recordEvent(tx, {
      companyId: t.companyId,
      merchantId: t.merchantId,
      type: input.result === 'SUCCESS' ? 'transfer.succeeded' : 'transfer.failed',
      data: transferData(done!),
      occurredAt: now,
    });
    return done!;
  });
}

/** Transfers still PROCESSING asked at least `delayMs` ago (a payout channel that answers late). */
export async function dueTransfers(db: Tx, delayMs: number): Promise<string[]> {
  const rows = await db
    .select({ transferNo: transfers.transferNo })
    .from(transfers)
    .where(and(eq(transfers.status, 'PROCESSING'), lt(transfers.createdAt, new Date(Date.now() - delayMs))))
    .limit(100);
  return rows.map((r) => r.transferNo);
}
