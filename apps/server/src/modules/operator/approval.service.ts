import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { approvalProposeBody, ApprovalItem, ApprovalKind, ApprovalStatus, Language } from '@mchweb/contract';
import { requireOperator, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BizError, conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { beforeIdOf } from '../../keyset.ts';
import { manualAdjustment, receiverOwed, receiverPaid } from '../ledger/index.ts';
import { merchantForPayment, merchantIdByNo } from '../merchant/index.ts';
import { findSettlement, rerunFailedSettlement } from '../settlement/index.ts';
import { splitForOps } from '../split/index.ts';
import { recordOperatorAction } from './operator-audit.service.ts';
import { OPS } from './operator.messages.ts';
import { moneyApprovals, operators } from './operator.tables.ts';

// Four eyes on money (issue 28): a manual adjustment, a payout to an outside split receiver and the re-run of a
// failed settlement are proposed by one operator and executed only when a second one approves; the approval and
// the execution share one transaction, so an approved proposal has always done what it said (or is FAILED with
// the reason, when the money was no longer there). The proposer can never approve or refuse their own: checked
// here, and by the table's check constraint.

type Proposal = z.output<typeof approvalProposeBody>;
type Row = typeof moneyApprovals.$inferSelect;
type Payload = Omit<Proposal, 'kind' | 'reason'>;

const newApprovalNo = (now = new Date()) => {
  const shanghai = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `E${shanghai}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;
};

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
function summaryOf(kind: ApprovalKind, p: Record<string, unknown>, language: Language): string {
  const zh = language === 'zh-CN';
  if (kind === 'ADJUSTMENT') {
    const fen = p.amountFen as number;
    return zh
      ? `调整商户 ${String(p.mchNo)} 可用余额 ${fen > 0 ? '+' : '-'}${yuan(Math.abs(fen))}`
      : `Adjust ${String(p.mchNo)}'s available balance by ${fen > 0 ? '+' : '-'}${yuan(Math.abs(fen))}`;
  }
  if (kind === 'SETTLEMENT_RERUN')
    return zh ? `重新结算 ${String(p.settleNo)}` : `Run settlement ${String(p.settleNo)} again`;
  return zh
    ? `向分账接收方 ${String(p.applyNo)}#${String(p.receiver)} 付款 ${yuan(p.amountFen as number)}`
    : `Pay split receiver ${String(p.applyNo)}#${String(p.receiver)} ${yuan(p.amountFen as number)}`;
}

async function itemsOf(db: Tx, rows: Row[], language: Language): Promise<ApprovalItem[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.proposedBy, ...(r.decidedBy ? [r.decidedBy] : [])]))];
  const people = ids.length
    ? await db.select({ id: operators.id, name: operators.name }).from(operators).where(inArray(operators.id, ids))
    : [];
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const who = (id: number) => ({ operatorId: id, name: nameOf.get(id) ?? '' });
  return rows.map((r) => ({
    approvalNo: r.approvalNo,
    kind: r.kind as ApprovalKind,
    status: r.status as ApprovalStatus,
    payload: r.payload,
    summary: summaryOf(r.kind as ApprovalKind, r.payload, language),
    amountFen: r.amountFen,
    mchNo: r.mchNo,
    reason: r.reason,
    proposedBy: who(r.proposedBy),
    proposedAt: r.proposedAt.toISOString(),
    decidedBy: r.decidedBy ? who(r.decidedBy) : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    result: r.result,
  }));
}

/** Check a proposal against the books now (it is checked again when approved). */
async function checkProposal(db: Tx, p: Proposal): Promise<{ mchNo: string | null; amountFen: number | null }> {
  if (p.kind === 'ADJUSTMENT') {
    if ((await merchantIdByNo(db, p.mchNo)) === null) throw notFound(OPS.merchantNotFound);
    return { mchNo: p.mchNo, amountFen: p.amountFen };
  }
  if (p.kind === 'SETTLEMENT_RERUN') {
    const s = await findSettlement(db, p.settleNo);
    if (s.status !== 'FAILED') throw conflict(OPS.settlementNotFailed);
    return { mchNo: p.settleNo.slice(9), amountFen: s.netFen };
  }
  const { row, item } = await splitForOps(db, p.applyNo);
  if (row.receivers[p.receiver]?.type !== 'EXTERNAL') throw invalid(OPS.receiverNotOwed);
  if ((await receiverOwed(db, p.applyNo, p.receiver)) < p.amountFen) throw conflict(OPS.receiverNotOwed);
  return { mchNo: item.mchNo, amountFen: p.amountFen };
}

export async function proposeMoneyAction(db: Db, actor: Actor, p: Proposal): Promise<ApprovalItem> {
  const me = requireOperator(actor);
  return db.transaction(async (tx) => {
    const { mchNo, amountFen } = await checkProposal(tx, p);
    const { kind, reason, ...payload } = p;
    const [row] = await tx
      .insert(moneyApprovals)
      .values({ approvalNo: newApprovalNo(), kind, payload, amountFen, mchNo, reason, proposedBy: me.operatorId })
      .returning();
    await recordOperatorAction(tx, actor, {
      action: `approval.propose`,
      targetType: 'approval',
      targetId: row!.approvalNo,
      after: { kind, status: 'PENDING', payload },
      reason,
    });
    return (await itemsOf(tx, [row!], actor.language))[0]!;
  });
}

/** Do what an approved proposal says, in the approval's transaction; answers what it left (a number). */
async function execute(tx: Tx, actor: Actor, row: Row, tz: string): Promise<string> {
  const p = row.payload as Payload & Record<string, unknown>;
  if (row.kind === 'ADJUSTMENT') {
    const merchantId = await merchantIdByNo(tx, p.mchNo as string);
    if (merchantId === null) throw notFound(OPS.merchantNotFound);
    const m = (await merchantForPayment(tx, merchantId))!;
    await manualAdjustment(tx, {
      refNo: row.approvalNo,
      companyId: m.companyId,
      merchantId,
      purse: 'available',
      amountFen: p.amountFen as number,
    });
    return `ADJUSTMENT ${row.approvalNo}`;
  }
  if (row.kind === 'SETTLEMENT_RERUN') {
    const done = await rerunFailedSettlement(tx as Db, actor, p.settleNo as string, { tz });
    if (done.outcome !== 'SETTLED') throw conflict(OPS.rerunFailed(done.failReason ?? ''));
    return `SETTLED ${String(p.settleNo)}`;
  }
  const applyNo = p.applyNo as string;
  const receiver = p.receiver as number;
  if ((await receiverOwed(tx, applyNo, receiver)) < (p.amountFen as number)) throw conflict(OPS.receiverNotOwed);
  const { row: split } = await splitForOps(tx, applyNo);
  await receiverPaid(tx, {
    refNo: row.approvalNo,
    companyId: split.companyId,
    applyNo,
    receiver,
    amountFen: p.amountFen as number,
  });
  return `RECEIVER_PAYOUT ${row.approvalNo}`;
}

type Decision = 'approve' | 'refuse' | 'cancel';

/**
 * Approve (and execute), refuse, or withdraw (the proposer only) a PENDING proposal. An approval whose execution
 * is refused by the books (the money is no longer there, the settlement fails again) leaves the proposal FAILED
 * with the reason, and nothing moved.
 */
export async function decideMoneyAction(
  db: Db,
  actor: Actor,
  input: { approvalNo: string; note?: string | undefined },
  decision: Decision,
  tz: string,
): Promise<ApprovalItem> {
  const me = requireOperator(actor);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(moneyApprovals)
      .where(eq(moneyApprovals.approvalNo, input.approvalNo))
      .for('update');
    if (!before) throw notFound(OPS.approvalNotFound);
    if (before.status !== 'PENDING') throw conflict(OPS.notPending(before.status));
    const own = before.proposedBy === me.operatorId;
    if (decision === 'cancel' && !own) throw forbidden(OPS.onlyProposerCancels);
    if (decision !== 'cancel' && own) throw forbidden(OPS.ownProposal);
    let status: ApprovalStatus = decision === 'approve' ? 'APPROVED' : decision === 'refuse' ? 'REFUSED' : 'CANCELED';
    let result: string | null = null;
    if (decision === 'approve') {
      try {
        // A savepoint: a refused execution rolls back its own writes only, and the proposal records why.
        result = await tx.transaction((sp) => execute(sp, actor, before, tz));
      } catch (err) {
        if (!(err instanceof BizError)) throw err;
        status = 'FAILED';
        result = `${err.text['zh-CN']} / ${err.text['en-US']}`;
      }
    }
    const [after] = await tx
      .update(moneyApprovals)
      .set({
        status,
        result,
        decidedBy: decision === 'cancel' ? null : me.operatorId,
        decidedAt: new Date(),
        decisionNote: input.note ?? null,
      })
      .where(eq(moneyApprovals.id, before.id))
      .returning();
    await recordOperatorAction(tx, actor, {
      action: `approval.${decision}`,
      targetType: 'approval',
      targetId: before.approvalNo,
      before: { status: before.status, kind: before.kind, payload: before.payload },
      after: { status, result },
      reason: input.note,
    });
    return after!;
  });
  return (await itemsOf(db, [row], actor.language))[0]!;
}

export async function listMoneyActions(
  db: Tx,
  actor: Actor,
  f: {
    status?: ApprovalStatus[] | undefined;
    kind?: ApprovalKind[] | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const beforeId = beforeIdOf(f.cursor);
  const rows = await db
    .select()
    .from(moneyApprovals)
    .where(
      and(
        inArray(moneyApprovals.status, f.status?.length ? f.status : ['PENDING']),
        f.kind?.length ? inArray(moneyApprovals.kind, f.kind) : undefined,
        beforeId === undefined ? undefined : lt(moneyApprovals.id, beforeId),
      ),
    )
    .orderBy(desc(moneyApprovals.id))
    .limit(f.limit + 1);
  const hasMore = rows.length > f.limit;
  const kept = rows.slice(0, f.limit);
  return {
    rows: await itemsOf(db, kept, actor.language),
    nextCursor: hasMore ? String(kept.at(-1)!.id) : null,
    hasMore,
  };
}

/** Proposals waiting and the longest wait (the console's overview). */
export async function approvalQueueAge(db: Tx, now = new Date()) {
  const rows = await db
    .select({ at: moneyApprovals.proposedAt })
    .from(moneyApprovals)
    .where(eq(moneyApprovals.status, 'PENDING'));
  const oldest = rows.reduce<Date | null>((o, r) => (o === null || r.at < o ? r.at : o), null);
  return {
    waiting: rows.length,
    oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
  };
}
