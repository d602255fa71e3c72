import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import {
  completeApplication,
  PROVIDER_RATE_BOUNDS,
  type ApplyStatus,
  type ChannelRate,
  type FieldReason,
} from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BizError, conflict, invalid, notFound } from '../../errors.ts';
import { describeIssues } from '../../i18n/validation-messages.ts';
import { createMerchant } from '../merchant/index.ts';
import { auditStep, recordEvent, type ApplicationRow } from './application-steps.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applications } from './onboarding.tables.ts';

// The platform's review of applications: SUBMITTED -> AUDITING -> APPROVED | REJECTED. The operator's command
// line (inco:approve, inco:reject) and the sandbox's review job call these with a system actor.

/**
 * A decision. The console's approval may set the rates (each a channel of the application, within the provider's
 * bounds) and runs `then` in the same transaction once the merchant exists (its channel accounts); its rejection
 * gives a reason per field, which the merchant sees with the reason.
 */
export type Decision =
  | { approve: true; rates?: ChannelRate[]; then?: (tx: Tx, mchNo: string) => Promise<void> }
  | { approve: false; reason: string; fields?: FieldReason[] };

/** The approval's rates: the application's, or the reviewer's for its channels, within PROVIDER_RATE_BOUNDS. */
function approvedRates(applied: ChannelRate[], chosen: ChannelRate[] | undefined): ChannelRate[] {
  if (!chosen) return applied;
  const byChannel = new Map(applied.map((r) => [r.channel, r.rate]));
  for (const r of chosen) {
    if (!byChannel.has(r.channel)) throw invalid(ONBOARDING.rateNotApplied(r.channel));
    const { min, max } = PROVIDER_RATE_BOUNDS[r.channel];
    if (r.rate < min || r.rate > max) throw invalid(ONBOARDING.rateOutOfBounds(r.channel, min, max));
    byChannel.set(r.channel, r.rate);
  }
  return applied.map((r) => ({ channel: r.channel, rate: byChannel.get(r.channel)! }));
}

async function moveTo(tx: Tx, row: ApplicationRow, status: ApplyStatus, extra: Partial<ApplicationRow> = {}) {
  await tx
    .update(applications)
    .set({ status, updatedAt: new Date(), ...extra })
    .where(eq(applications.id, row.id));
}

/** SUBMITTED -> AUDITING (a reviewer has taken it). */
async function auditLocked(tx: Tx, actor: Actor, row: ApplicationRow) {
  await moveTo(tx, row, 'AUDITING');
  await recordEvent(tx, actor, row.id, 'AUDITING');
  await auditStep(tx, actor, row, 'audit');
}

/**
 * Approve or reject a locked application, taking it under review first when it is SUBMITTED. Approval creates
 * the merchant (number, rates, status history) in the same transaction as the status change, the event and the
 * audit entry.
 */
async function decideLocked(tx: Tx, actor: Actor, row: ApplicationRow, decision: Decision): Promise<ApplyStatus> {
  const action = decision.approve ? 'approve' : 'reject';
  if (row.status === 'SUBMITTED') await auditLocked(tx, actor, row);
  else if (row.status !== 'AUDITING') throw conflict(ONBOARDING.wrongState(action, row.status as ApplyStatus));
  if (!decision.approve) {
    const fields = decision.fields ?? null;
    await moveTo(tx, row, 'REJECTED', { rejectReason: decision.reason, rejectFields: fields });
    await recordEvent(tx, actor, row.id, 'REJECTED', decision.reason, undefined, fields);
    await auditStep(tx, actor, row, 'reject', { reason: decision.reason, fields });
    return 'REJECTED';
  }
  // Checked at submission; checked again so a merchant is never made of an incomplete application.
  const checked = completeApplication.safeParse(row.draft);
  if (!checked.success) throw invalid(describeIssues(checked.error.issues, row.draft));
  const { subject, legalPerson, settlement, rates } = checked.data;
  const { mchNo } = await createMerchant(tx, actor, {
    companyId: row.companyId,
    applyNo: row.applyNo,
    name: subject.name,
    shortName: subject.shortName,
    type: subject.type,
    category: subject.category,
    creditCode: subject.creditCode ?? null,
    legalPersonName: legalPerson.name,
    address: subject.address,
    servicePhone: subject.servicePhone,
    settlement,
    rates: approvedRates(rates, decision.rates),
  });
  await decision.then?.(tx, mchNo);
  await moveTo(tx, row, 'APPROVED', { mchNo, rejectFields: null });
  await recordEvent(tx, actor, row.id, 'APPROVED');
  await auditStep(tx, actor, row, 'approve', { mchNo });
  return 'APPROVED';
}

async function lockForReview(tx: Tx, applyNo: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.applyNo, applyNo)).for('update');
  if (!row) throw notFound(ONBOARDING.notFound);
  return row;
}

/**
 * The operator's decision on one application (any organisation's). Answers the new status and the merchant.
 * `record` runs in the same transaction with the row before and after (the console's audit of its operator).
 */
export async function reviewApplication(
  db: Db,
  actor: Actor,
  applyNo: string,
  decision: Decision,
  record?: (tx: Tx, before: ApplicationRow, after: ApplicationRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const row = await lockForReview(tx, applyNo);
    const status = await decideLocked(tx, actor, row, decision);
    const [after] = await tx.select().from(applications).where(eq(applications.id, row.id));
    await record?.(tx, row, after!);
    return { applyNo, status, mchNo: after!.mchNo, companyId: after!.companyId };
  });
}

/** SUBMITTED -> AUDITING only: a reviewer has taken the application and not decided yet. */
export async function startReview(db: Db, actor: Actor, applyNo: string) {
  await db.transaction(async (tx) => {
    const row = await lockForReview(tx, applyNo);
    if (row.status !== 'SUBMITTED') throw conflict(ONBOARDING.wrongState('approve', row.status as ApplyStatus));
    await auditLocked(tx, actor, row);
  });
}

/** The sandbox reviews submissions of the last day only: older ones (the demo's) wait for an operator. */
export const AUTO_REVIEW_WINDOW_MS = 24 * 3600_000;

/**
 * One pass of the sandbox's review: decide up to `limit` applications submitted at least `delayMs` ago. Safe on
 * several servers at once: each row is locked with SKIP LOCKED, so no two processes review the same one, and a
 * reviewed one is no longer SUBMITTED. Answers how many were decided.
 */
export async function reviewDue(
  db: Db,
  actor: Actor,
  opts: { decision: Decision; delayMs: number; limit?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const now = Date.now();
    const due = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.status, 'SUBMITTED'),
          lte(applications.submittedAt, new Date(now - opts.delayMs)),
          gt(applications.submittedAt, new Date(now - AUTO_REVIEW_WINDOW_MS)),
        ),
      )
      .orderBy(asc(applications.submittedAt))
      .limit(opts.limit ?? 20)
      .for('update', { skipLocked: true });
    for (const row of due) {
      try {
        await tx.transaction((savepoint) => decideLocked(savepoint, actor, row, opts.decision));
      } catch (err) {
        // An application that no longer passes (an identity card expired since it was submitted) is rejected
        // with the problems as the reason, instead of being retried on every pass.
        if (!(err instanceof BizError)) throw err;
        const reason = `${err.text['zh-CN']} / ${err.text['en-US']}`;
        await decideLocked(tx, actor, row, { approve: false, reason });
      }
    }
    return due.length;
  });
}

/** `inco:list`: every organisation's applications, newest first (for the operator). */
export async function listApplicationsForOps(db: Db, opts: { status?: ApplyStatus[]; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(applications)
    .where(opts.status?.length ? inArray(applications.status, opts.status) : undefined)
    .orderBy(desc(applications.id))
    .limit(opts.limit ?? 200);
  return rows.map((r) => ({
    applyNo: r.applyNo,
    status: r.status as ApplyStatus,
    companyId: r.companyId,
    name: r.subjectName,
    type: r.subjectType,
    source: r.source,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    mchNo: r.mchNo,
    rejectReason: r.status === 'REJECTED' ? r.rejectReason : null,
  }));
}
