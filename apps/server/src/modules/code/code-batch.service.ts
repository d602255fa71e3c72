import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CodeBatch, codeBatchListBody, CodeBatchPage, CodeStatus, CodeStatusCounts } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { compactTime } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { beforeIdOf, pageOf } from '../../keyset.ts';
import { recordAudit } from '../audit/index.ts';
import { personNames } from '../user/index.ts';
import { codeBatches, paymentCodes } from './code.tables.ts';

type BatchRow = typeof codeBatches.$inferSelect;

/** `B`, the time yyyyMMddHHmmss in Asia/Shanghai and 6 random digits (unique by constraint, redrawn on a clash). */
export const newBatchNo = (now = new Date()) =>
  `B${compactTime(now, 'Asia/Shanghai')}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;

/** A code number: 12 random digits, the first not 0, so printed codes do not reveal their neighbours. */
export const newCodeNo = () => String(crypto.randomInt(100_000_000_000, 1_000_000_000_000));

/**
 * `count` new UNBOUND codes in a new batch of the organisation, in the caller's transaction. Numbers are random;
 * one already taken (by any organisation) is skipped by the database and drawn again, so the batch always gets
 * exactly `count` codes.
 */
export async function insertBatch(
  tx: Tx,
  input: { companyId: number; count: number; createdBy: number | null; at?: Date },
): Promise<BatchRow> {
  let batch: BatchRow | undefined;
  while (!batch) {
    [batch] = await tx
      .insert(codeBatches)
      .values({
        companyId: input.companyId,
        batchNo: newBatchNo(input.at),
        count: input.count,
        createdBy: input.createdBy,
        ...(input.at && { createdAt: input.at }),
      })
      .onConflictDoNothing()
      .returning();
  }
  let missing = input.count;
  while (missing > 0) {
    const numbers = new Set<string>();
    while (numbers.size < missing) numbers.add(newCodeNo());
    const inserted = await tx
      .insert(paymentCodes)
      .values(
        [...numbers].map((codeNo) => ({
          companyId: input.companyId,
          batchId: batch.id,
          codeNo,
          ...(input.at && { createdAt: input.at }),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: paymentCodes.id });
    missing -= inserted.length;
  }
  return batch;
}

/** How many codes of each batch are in each status. */
async function countsOf(db: Tx, batchIds: number[]): Promise<Map<number, CodeStatusCounts>> {
  const found = new Map<number, CodeStatusCounts>();
  if (batchIds.length === 0) return found;
  const rows = await db
    .select({ batchId: paymentCodes.batchId, status: paymentCodes.status, n: sql<number>`count(*)::int` })
    .from(paymentCodes)
    .where(inArray(paymentCodes.batchId, batchIds))
    .groupBy(paymentCodes.batchId, paymentCodes.status);
  for (const r of rows) {
    const counts = found.get(r.batchId) ?? { UNBOUND: 0, BOUND: 0, DISABLED: 0 };
    counts[r.status as CodeStatus] = Number(r.n);
    found.set(r.batchId, counts);
  }
  return found;
}

async function batchViews(db: Tx, rows: BatchRow[]): Promise<Map<number, CodeBatch>> {
  const counts = await countsOf(
    db,
    rows.map((b) => b.id),
  );
  const nameOf = await personNames(
    db,
    rows.map((b) => b.createdBy),
  );
  return new Map(
    rows.map((b) => [
      b.id,
      {
        batchNo: b.batchNo,
        count: b.count,
        counts: counts.get(b.id) ?? { UNBOUND: 0, BOUND: 0, DISABLED: 0 },
        createdAt: b.createdAt.toISOString(),
        createdBy: nameOf(b.createdBy),
      },
    ]),
  );
}

/** `POST /code/batch/create`: a batch of `count` codes and its audit entry, in one transaction. */
export async function createBatch(db: Db, actor: Actor, input: { count: number }): Promise<CodeBatch> {
  const { companyId } = requireMember(actor);
  return db.transaction(async (tx) => {
    const batch = await insertBatch(tx, { companyId, count: input.count, createdBy: actor.userId });
    await recordAudit(tx, actor, {
      action: 'code.batch.create',
      targetType: 'codeBatch',
      targetId: batch.batchNo,
      detail: { count: input.count },
    });
    return (await batchViews(tx, [batch])).get(batch.id)!;
  });
}

/** `POST /code/batch/list`: the organisation's batches newest first, with their codes counted per status. */
export async function listBatches(
  db: Tx,
  actor: Actor,
  filter: z.output<typeof codeBatchListBody>,
): Promise<CodeBatchPage> {
  const { companyId } = requireMember(actor);
  const beforeId = beforeIdOf(filter.cursor);
  const rows = await db
    .select()
    .from(codeBatches)
    .where(
      and(
        eq(codeBatches.companyId, companyId),
        beforeId === undefined ? undefined : lt(codeBatches.id, beforeId),
        filter.batchNo ? eq(codeBatches.batchNo, filter.batchNo) : undefined,
      ),
    )
    .orderBy(desc(codeBatches.id))
    .limit(filter.limit + 1);
  const views = await batchViews(db, rows.slice(0, filter.limit));
  return pageOf(rows, filter.limit, (b) => views.get(b.id)!);
}
