import { and, desc, eq, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { codeListBody, CodeListItem, CodePage, CodeStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { beforeIdOf, containsPattern, pageOf } from '../../keyset.ts';
import { inScope } from '../../merchant-scope.ts';
import { merchantIdsOf, merchantNamesOf } from '../merchant/index.ts';
import { codeBatches, paymentCodes } from './code.tables.ts';

export type CodeRow = typeof paymentCodes.$inferSelect;

const columns = { id: paymentCodes.id, code: paymentCodes, batchNo: codeBatches.batchNo };

/** Codes as the lists answer them: with their batch number and their merchant's number and name. */
export async function codeViews(db: Tx, rows: { code: CodeRow; batchNo: string }[]): Promise<CodeListItem[]> {
  const merchants = await merchantNamesOf(
    db,
    rows.flatMap((r) => (r.code.merchantId === null ? [] : [r.code.merchantId])),
  );
  return rows.map(({ code, batchNo }) => {
    const m = code.merchantId === null ? undefined : merchants.get(code.merchantId);
    return {
      codeNo: code.codeNo,
      batchNo,
      status: code.status as CodeStatus,
      mchNo: m?.mchNo ?? null,
      mchName: m?.name ?? null,
      fixedAmountFen: code.fixedAmountFen,
      label: code.label,
      boundAt: code.boundAt?.toISOString() ?? null,
      disabledAt: code.disabledAt?.toISOString() ?? null,
      createdAt: code.createdAt.toISOString(),
    };
  });
}

/** One code of the organisation as the lists show it (after a change). */
export async function codeView(db: Tx, codeId: number): Promise<CodeListItem> {
  const rows = await db
    .select(columns)
    .from(paymentCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, paymentCodes.batchId))
    .where(eq(paymentCodes.id, codeId));
  return (await codeViews(db, rows))[0]!;
}

/**
 * `POST /code/list`: the organisation's codes newest first; the filters combine with AND. A member limited to some
 * merchants sees the codes of those merchants and the codes bound to none (which it may bind to them).
 */
export async function listCodes(db: Tx, actor: Actor, filter: z.output<typeof codeListBody>): Promise<CodePage> {
  const { companyId, merchantIds: scope } = requireMember(actor);
  const beforeId = beforeIdOf(filter.cursor);
  const merchantIds = filter.mchNo ? await merchantIdsOf(db, companyId, [filter.mchNo], scope) : undefined;
  if (merchantIds?.length === 0) return { rows: [], nextCursor: null, hasMore: false };
  const conditions: (SQL | undefined)[] = [
    eq(paymentCodes.companyId, companyId),
    scope === null ? undefined : or(isNull(paymentCodes.merchantId), inScope(paymentCodes.merchantId, scope)),
    beforeId === undefined ? undefined : lt(paymentCodes.id, beforeId),
    filter.batchNo ? eq(codeBatches.batchNo, filter.batchNo) : undefined,
    filter.status?.length ? inArray(paymentCodes.status, filter.status) : undefined,
    merchantIds ? inArray(paymentCodes.merchantId, merchantIds) : undefined,
    filter.codeNo ? eq(paymentCodes.codeNo, filter.codeNo) : undefined,
    filter.label ? ilike(paymentCodes.label, containsPattern(filter.label)) : undefined,
  ];
  const rows = await db
    .select(columns)
    .from(paymentCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, paymentCodes.batchId))
    .where(and(...conditions))
    .orderBy(desc(paymentCodes.id))
    .limit(filter.limit + 1);
  const page = pageOf(rows, filter.limit, (r) => r);
  return { ...page, rows: await codeViews(db, page.rows) };
}

/** The numbers of a batch of the organisation, in the order the list shows them; null when it has no such batch. */
export async function batchCodes(db: Tx, companyId: number, batchNo: string): Promise<string[] | null> {
  const [batch] = await db
    .select({ id: codeBatches.id })
    .from(codeBatches)
    .where(and(eq(codeBatches.batchNo, batchNo), eq(codeBatches.companyId, companyId)));
  if (!batch) return null;
  const rows = await db
    .select({ codeNo: paymentCodes.codeNo })
    .from(paymentCodes)
    .where(eq(paymentCodes.batchId, batch.id))
    .orderBy(desc(paymentCodes.id));
  return rows.map((r) => r.codeNo);
}

/** Does the organisation have a payment code (the /welcome step "first payment code")? */
export async function hasCodes(db: Tx, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: paymentCodes.id })
    .from(paymentCodes)
    .where(eq(paymentCodes.companyId, companyId))
    .limit(1);
  return rows.length > 0;
}
