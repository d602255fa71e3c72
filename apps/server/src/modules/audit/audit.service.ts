import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditAction, AuditTarget } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { userContacts } from '../user/index.ts';
import { auditLog } from './audit.tables.ts';

export interface AuditInput {
  /** One of the contract's list, which /staff-manage words in both languages. */
  action: AuditAction;
  /** Defaults to the actor's company. */
  companyId?: number | null;
  /** Defaults to the actor's user. */
  userId?: number | null;
  targetType?: AuditTarget;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/**
 * Record a change: who (the actor), what, when, from where. Call it with the transaction that makes the change,
 * so both land or neither does. A system actor (a job, the operator) has no user: its name goes in `detail.by`.
 */
export async function recordAudit(tx: Tx, actor: Actor, input: AuditInput) {
  const detail = actor.system ? { ...input.detail, by: actor.system } : (input.detail ?? null);
  await tx.insert(auditLog).values({
    action: input.action,
    companyId: input.companyId ?? actor.companyId,
    userId: input.userId ?? actor.userId,
    targetType: input.targetType ?? null,
    targetId: input.targetId === undefined ? null : String(input.targetId),
    detail,
    ip: actor.ip,
  });
}

/** The company's changes, newest first, keyset by id; each with the mobile of the user who made it. */
export async function listAudit(db: Tx, companyId: number, opts: { beforeId?: number; limit: number }) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), opts.beforeId ? lt(auditLog.id, opts.beforeId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(opts.limit);
  const people = await userContacts(
    db,
    rows.flatMap((r) => (r.userId === null ? [] : [r.userId])),
  );
  return rows.map((r) => ({ ...r, userMobile: r.userId === null ? null : (people.get(r.userId)?.mobile ?? null) }));
}
