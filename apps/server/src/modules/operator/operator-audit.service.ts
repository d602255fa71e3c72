import { and, desc, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import { BIG_ID_MAX, type OpsAuditItem } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import { dayStart, addDays } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { beforeIdOf } from '../../keyset.ts';
import { operatorAudit, operators } from './operator.tables.ts';

export interface OperatorActionInput {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

/**
 * Record an operator's action with the state before and after, in the transaction of the action (issue 28: every
 * operator action is in the audit log). The command line (a system actor without an operator) is recorded too,
 * with no operator.
 */
export async function recordOperatorAction(tx: Tx, actor: Actor, input: OperatorActionInput) {
  await tx.insert(operatorAudit).values({
    operatorId: actor.operator?.operatorId ?? null,
    action: input.action,
    targetType: input.targetType,
    targetId: String(input.targetId),
    before: input.before ?? null,
    after: input.after ?? null,
    reason: input.reason ?? null,
    ip: actor.ip,
  });
}

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The operators' audit log, newest first, keyset by id. */
export async function listOperatorAudit(db: Tx, f: AuditFilter, tz: string) {
  const beforeId = beforeIdOf(f.cursor, BIG_ID_MAX);
  const where: (SQL | undefined)[] = [
    f.operatorId ? eq(operatorAudit.operatorId, f.operatorId) : undefined,
    f.action ? like(operatorAudit.action, likePrefix(f.action)) : undefined,
    f.targetType ? eq(operatorAudit.targetType, f.targetType) : undefined,
    f.targetId ? eq(operatorAudit.targetId, f.targetId) : undefined,
    f.from ? gte(operatorAudit.at, dayStart(f.from, tz)) : undefined,
    f.to ? lt(operatorAudit.at, dayStart(addDays(f.to, 1), tz)) : undefined,
    beforeId === undefined ? undefined : lt(operatorAudit.id, beforeId),
  ];
  const rows = await db
    .select({ a: operatorAudit, name: operators.name })
    .from(operatorAudit)
    .leftJoin(operators, eq(operators.id, operatorAudit.operatorId))
    .where(and(...where))
    .orderBy(desc(operatorAudit.id))
    .limit(f.limit + 1);
  const hasMore = rows.length > f.limit;
  const page = rows.slice(0, f.limit).map(auditItem);
  return { rows: page, hasMore, nextCursor: hasMore ? String(page.at(-1)!.id) : null };
}

/** The actions on one object, oldest first (an application's or approval's history). */
export async function operatorActionsOn(db: Tx, targetType: string, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  const rows = await db
    .select({ a: operatorAudit, name: operators.name })
    .from(operatorAudit)
    .leftJoin(operators, eq(operators.id, operatorAudit.operatorId))
    .where(and(eq(operatorAudit.targetType, targetType), inArray(operatorAudit.targetId, targetIds)))
    .orderBy(operatorAudit.id);
  return rows.map(auditItem);
}

function auditItem(r: { a: typeof operatorAudit.$inferSelect; name: string | null }): OpsAuditItem {
  return {
    id: r.a.id,
    at: r.a.at.toISOString(),
    operatorId: r.a.operatorId,
    operatorName: r.name ?? (r.a.operatorId === null ? 'ops (command line)' : null),
    action: r.a.action,
    targetType: r.a.targetType,
    targetId: r.a.targetId,
    before: r.a.before ?? null,
    after: r.a.after ?? null,
    reason: r.a.reason,
    ip: r.a.ip,
  };
}
