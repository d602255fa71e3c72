import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import { maskAccount, type SplitItem, type SplitPage, type SplitStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, compactTime, dayOf } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { beforeIdOf, pageOf } from '../../keyset.ts';
import { inScope, type MerchantScope } from '../../merchant-scope.ts';
import { recordAudit } from '../audit/index.ts';
import { merchantIdsOf, merchantIdsSubquery, merchantNamesOf } from '../merchant/index.ts';
import { SPLIT } from './split.messages.ts';
import { splitApplications, type SplitReceiver } from './split.tables.ts';

type Row = typeof splitApplications.$inferSelect;
type ReceiverInput =
  | { type: 'MERCHANT'; mchNo: string; ratio: number }
  | { type: 'EXTERNAL'; name: string; accountNo: string; bankName: string; ratio: number };

export type SplitRow = Row;

/** How the portal and the console show applications. */
export async function view(db: Tx, rows: Row[]): Promise<(r: Row) => SplitItem> {
  const ids = rows.flatMap((r) => [r.merchantId, ...r.receivers.flatMap((x) => (x.merchantId ? [x.merchantId] : []))]);
  const names = await merchantNamesOf(db, ids);
  return (r) => ({
    applyNo: r.applyNo,
    mchNo: names.get(r.merchantId)?.mchNo ?? '',
    mchName: names.get(r.merchantId)?.name ?? '',
    status: r.status as SplitStatus,
    totalRatio: r.totalRatio,
    receivers: r.receivers.map((x) => ({
      type: x.type,
      mchNo: x.merchantId ? (names.get(x.merchantId)?.mchNo ?? null) : null,
      name: x.merchantId ? (names.get(x.merchantId)?.name ?? x.name) : x.name,
      accountNoMasked: x.accountNo ? maskAccount(x.accountNo) : null,
      bankName: x.bankName ?? null,
      ratio: x.ratio,
    })),
    remark: r.remark,
    rejectReason: r.rejectReason,
    effectiveFrom: r.effectiveFrom,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  });
}

/** `POST /div/apply`: a SUBMITTED application; receivers that are merchants must be the organisation's. */
export async function applySplit(
  db: Db,
  actor: Actor,
  input: { mchNo: string; receivers: ReceiverInput[]; remark: string },
): Promise<SplitItem> {
  // A member limited to some merchants applies for them, and names only them as receivers.
  const { companyId, merchantIds: scope } = requireMember(actor);
  const [merchantId] = await merchantIdsOf(db, companyId, [input.mchNo], scope);
  if (merchantId === undefined) throw notFound(SPLIT.merchantNotFound);
  const receivers: SplitReceiver[] = [];
  for (const [i, r] of input.receivers.entries()) {
    if (r.type === 'MERCHANT') {
      const [id] = await merchantIdsOf(db, companyId, [r.mchNo], scope);
      if (id === undefined) throw notFound(SPLIT.receiverNotFound(i));
      receivers.push({ type: 'MERCHANT', merchantId: id, name: r.mchNo, ratio: r.ratio });
    } else {
      receivers.push({ type: 'EXTERNAL', name: r.name, accountNo: r.accountNo, bankName: r.bankName, ratio: r.ratio });
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(splitApplications)
      .values({
        applyNo: `D${compactTime(new Date(), 'Asia/Shanghai')}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`,
        companyId,
        merchantId,
        receivers,
        totalRatio: receivers.reduce((s, r) => s + r.ratio, 0),
        remark: input.remark,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'split.apply',
      targetType: 'split',
      targetId: row!.applyNo,
      detail: { mchNo: input.mchNo, totalRatio: row!.totalRatio },
    });
    return (await view(tx, [row!]))(row!);
  });
}

/** `POST /div/list`. */
export async function listSplits(
  db: Tx,
  actor: Actor,
  body: {
    statuses?: SplitStatus[] | undefined;
    mchNos?: string[] | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<SplitPage> {
  const { companyId, merchantIds } = requireMember(actor);
  const beforeId = beforeIdOf(body.cursor);
  const rows = await db
    .select()
    .from(splitApplications)
    .where(
      and(
        eq(splitApplications.companyId, companyId),
        inScope(splitApplications.merchantId, merchantIds),
        body.statuses?.length ? inArray(splitApplications.status, body.statuses) : undefined,
        body.mchNos?.length
          ? inArray(splitApplications.merchantId, merchantIdsSubquery(companyId, body.mchNos))
          : undefined,
        beforeId === undefined ? undefined : lt(splitApplications.id, beforeId),
      ),
    )
    .orderBy(desc(splitApplications.id))
    .limit(body.limit + 1);
  return pageOf(rows, body.limit, await view(db, rows));
}

/** `where` of one application of the member's organisation and merchant scope (else it is not found). */
const own = (member: { companyId: number; merchantIds: MerchantScope }, applyNo: string) =>
  and(
    eq(splitApplications.applyNo, applyNo),
    eq(splitApplications.companyId, member.companyId),
    inScope(splitApplications.merchantId, member.merchantIds),
  );

async function findOwn(db: Tx, member: { companyId: number; merchantIds: MerchantScope }, applyNo: string) {
  const [row] = await db.select().from(splitApplications).where(own(member, applyNo));
  if (!row) throw notFound(SPLIT.notFound);
  return row;
}

/** `GET /div/detail`. */
export async function splitDetail(db: Tx, actor: Actor, applyNo: string): Promise<SplitItem> {
  const row = await findOwn(db, requireMember(actor), applyNo);
  return (await view(db, [row]))(row);
}

/** `POST /div/cancel`: the applicant withdraws a SUBMITTED application. */
export async function cancelSplit(db: Db, actor: Actor, applyNo: string): Promise<SplitItem> {
  const member = requireMember(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(splitApplications).where(own(member, applyNo)).for('update');
    if (!row) throw notFound(SPLIT.notFound);
    if (row.status !== 'SUBMITTED') throw conflict(SPLIT.notSubmitted(row.status));
    const [done] = await tx
      .update(splitApplications)
      .set({ status: 'CANCELED', decidedAt: new Date() })
      .where(eq(splitApplications.id, row.id))
      .returning();
    await recordAudit(tx, actor, { action: 'split.cancel', targetType: 'split', targetId: applyNo });
    return (await view(tx, [done!]))(done!);
  });
}

/**
 * The platform's review (the operator's `div:approve|div:reject`, the sandbox's reviewer). An approval applies from
 * the next business day, never to a day already settled.
 */
export async function reviewSplit(
  db: Db,
  actor: Actor,
  applyNo: string,
  decision: { approve: true } | { approve: false; reason: string },
  tz: string,
  now = new Date(),
  record?: (tx: Tx, before: Row, after: Row) => Promise<void>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(splitApplications).where(eq(splitApplications.applyNo, applyNo)).for('update');
    if (!row) throw notFound(SPLIT.notFound);
    if (row.status !== 'SUBMITTED') throw conflict(SPLIT.notSubmitted(row.status));
    const [done] = await tx
      .update(splitApplications)
      .set(
        decision.approve
          ? { status: 'APPROVED', decidedAt: now, effectiveFrom: addDays(dayOf(now, tz), 1) }
          : { status: 'REJECTED', decidedAt: now, rejectReason: decision.reason },
      )
      .where(eq(splitApplications.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: decision.approve ? 'split.approve' : 'split.reject',
      companyId: row.companyId,
      targetType: 'split',
      targetId: applyNo,
      detail: decision.approve ? { effectiveFrom: done!.effectiveFrom } : { reason: decision.reason },
    });
    await record?.(tx, row, done!);
    return done!;
  });
}

/** SUBMITTED applications older than `delayMs` (a reviewer that decides late: the sandbox's). */
export async function submittedBefore(db: Tx, delayMs: number): Promise<string[]> {
  const rows = await db
    .select({ applyNo: splitApplications.applyNo })
    .from(splitApplications)
    .where(
      and(eq(splitApplications.status, 'SUBMITTED'), lt(splitApplications.createdAt, new Date(Date.now() - delayMs))),
    )
    .limit(50);
  return rows.map((r) => r.applyNo);
}

/** The receivers that share a merchant's `day`: the latest approval effective by then, or none. */
export async function splitOfDay(
  db: Tx,
  merchantId: number,
  day: string,
): Promise<{ applyNo: string; receivers: SplitReceiver[] } | null> {
  const [row] = await db
    .select()
    .from(splitApplications)
    .where(
      and(
        eq(splitApplications.merchantId, merchantId),
        eq(splitApplications.status, 'APPROVED'),
        lte(splitApplications.effectiveFrom, day),
      ),
    )
    .orderBy(desc(splitApplications.effectiveFrom), desc(splitApplications.id))
    .limit(1);
  return row ? { applyNo: row.applyNo, receivers: row.receivers } : null;
}

/** Every application for the operator's list, newest first. */
export async function listSplitsForOps(db: Tx) {
  const rows = await db.select().from(splitApplications).orderBy(desc(splitApplications.id)).limit(200);
  return rows.map((r) => ({
    applyNo: r.applyNo,
    company: r.companyId,
    merchant: r.merchantId,
    status: r.status,
    total: `${r.totalRatio} %`,
    effectiveFrom: r.effectiveFrom ?? '',
  }));
}
