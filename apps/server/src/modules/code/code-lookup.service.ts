import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CodeStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { paymentCodes } from './code.tables.ts';

/** What the cashier needs of a code: whose it is and what it asks for. */
export interface CodeForPayment {
  codeId: number;
  codeNo: string;
  companyId: number;
  status: CodeStatus;
  /** Null unless BOUND. */
  merchantId: number | null;
  fixedAmountFen: number | null;
  label: string | null;
}

/** A code by its number, any status (the cashier tells an unbound or disabled code apart); null when none. */
export async function findCodeForPayment(db: Tx, codeNo: string): Promise<CodeForPayment | null> {
  const [row] = await db.select().from(paymentCodes).where(eq(paymentCodes.codeNo, codeNo)).limit(1);
  if (!row) return null;
  const bound = row.status === 'BOUND';
  return {
    codeId: row.id,
    codeNo: row.codeNo,
    companyId: row.companyId,
    status: row.status as CodeStatus,
    merchantId: bound ? row.merchantId : null,
    fixedAmountFen: bound ? row.fixedAmountFen : null,
    label: bound ? row.label : null,
  };
}

/** Each merchant's first BOUND code without a fixed amount (any amount may be paid on it), by merchant id. */
export async function openCodesOf(
  db: Tx,
  merchantIds: number[],
): Promise<Map<number, { codeId: number; codeNo: string; label: string | null }>> {
  const found = new Map<number, { codeId: number; codeNo: string; label: string | null }>();
  if (merchantIds.length === 0) return found;
  const rows = await db
    .select()
    .from(paymentCodes)
    .where(
      and(
        inArray(paymentCodes.merchantId, merchantIds),
        eq(paymentCodes.status, 'BOUND'),
        isNull(paymentCodes.fixedAmountFen),
      ),
    )
    .orderBy(paymentCodes.id);
  for (const r of rows) {
    if (!found.has(r.merchantId!)) found.set(r.merchantId!, { codeId: r.id, codeNo: r.codeNo, label: r.label });
  }
  return found;
}
