import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { maskAccount, type PayeeAccount, type PayeePage, type PayeeType } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, pageOf } from '../../keyset.ts';
import { recordAudit } from '../audit/index.ts';
import { consumeFundsCode } from './funds-sms.service.ts';
import { TRANSFER } from './transfer.messages.ts';
import { payeeAccounts } from './transfer.tables.ts';

type Row = typeof payeeAccounts.$inferSelect;

/** An Alipay e-mail keeps its domain visible; numbers keep their last four. */
const masked = (r: Row) =>
  r.accountNo.includes('@') ? `****${r.accountNo.slice(r.accountNo.indexOf('@'))}` : maskAccount(r.accountNo);

export const payeeView = (r: Row): PayeeAccount => ({
  accountId: r.id,
  type: r.type as PayeeType,
  name: r.name,
  accountNoMasked: masked(r),
  bankName: r.bankName,
  createdAt: r.createdAt.toISOString(),
});

/** `POST /transfer/account/list`: the organisation's payee accounts (removed ones left out), newest first. */
export async function listPayees(
  db: Tx,
  actor: Actor,
  body: { type?: PayeeType[] | undefined; cursor?: string | undefined; limit: number },
): Promise<PayeePage> {
  const { companyId } = requireMember(actor);
  const beforeId = beforeIdOf(body.cursor);
  const rows = await db
    .select()
    .from(payeeAccounts)
    .where(
      and(
        eq(payeeAccounts.companyId, companyId),
        isNull(payeeAccounts.removedAt),
        body.type?.length ? inArray(payeeAccounts.type, body.type) : undefined,
        beforeId === undefined ? undefined : lt(payeeAccounts.id, beforeId),
      ),
    )
    .orderBy(desc(payeeAccounts.id))
    .limit(body.limit + 1);
  return pageOf(rows, body.limit, payeeView);
}

/** `POST /transfer/account/add`: proved by the contact mobile's code, in the transaction that adds it. */
export async function addPayee(
  db: Db,
  actor: Actor,
  input: { type: PayeeType; name: string; accountNo: string; bankName?: string; smsCode: string },
): Promise<PayeeAccount> {
  const { companyId } = requireMember(actor);
  await consumeFundsCode(db, companyId, input.smsCode);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payeeAccounts)
      .values({
        companyId,
        type: input.type,
        name: input.name,
        accountNo: input.accountNo,
        bankName: input.bankName ?? null,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'payee.add',
      targetType: 'payee',
      targetId: row!.id,
      detail: { type: input.type, name: input.name, accountNo: masked(row!) },
    });
    return payeeView(row!);
  });
}

/** A payee account of the organisation, not removed. */
export async function findPayee(db: Tx, companyId: number, accountId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(payeeAccounts)
    .where(
      and(eq(payeeAccounts.id, accountId), eq(payeeAccounts.companyId, companyId), isNull(payeeAccounts.removedAt)),
    );
  if (!row) throw notFound(TRANSFER.payeeNotFound);
  return row;
}

/** `POST /transfer/account/remove`: kept for the transfers that name it, gone from the list and new transfers. */
export async function removePayee(db: Db, actor: Actor, accountId: number) {
  const { companyId } = requireMember(actor);
  return db.transaction(async (tx) => {
    const row = await findPayee(tx, companyId, accountId);
    await tx.update(payeeAccounts).set({ removedAt: new Date() }).where(eq(payeeAccounts.id, row.id));
    await recordAudit(tx, actor, {
      action: 'payee.remove',
      targetType: 'payee',
      targetId: row.id,
      detail: { accountNo: masked(row) },
    });
    return { accountId: row.id };
  });
}

/** Payee accounts by id, removed ones included (a transfer's line shows where it went). */
export async function payeesById(db: Tx, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payeeAccounts)
    .where(inArray(payeeAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export { masked as maskedPayee };
