import type { FastifyRequest } from 'fastify';
// The request's session and member fields are declared by the access plugin.
import type {} from '../../plugins/access.ts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { auditLog } from './audit.tables.ts';

export interface AuditInput {
  action: string;
  companyId?: number | null;
  userId?: number | null;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/** Record a change. Call it with the transaction that makes the change, so both land or neither does. */
export async function recordAudit(tx: Tx, request: FastifyRequest | null, input: AuditInput) {
  await tx.insert(auditLog).values({
    action: input.action,
    companyId: input.companyId ?? request?.member?.companyId ?? request?.session?.companyId ?? null,
    userId: input.userId ?? request?.session?.userId ?? null,
    targetType: input.targetType ?? null,
    targetId: input.targetId === undefined ? null : String(input.targetId),
    detail: input.detail ?? null,
    ip: request?.ip ?? null,
  });
}

/** Newest first, keyset by id. */
export async function listAudit(db: Tx, companyId: number, opts: { beforeId?: number; limit: number }) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      userMobile: users.mobile,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.companyId, companyId), opts.beforeId ? lt(auditLog.id, opts.beforeId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(opts.limit);
}
