import type { Tx } from '../../db/client.ts';
import { lockMerchant } from '../merchant/index.ts';
import { newBatchNo } from './code-batch.service.ts';
import { codeBatches, paymentCodes } from './code.tables.ts';

// Demo data (db/seed-demo.ts): one batch generated days ago, some codes bound to merchants, one disabled. Its code
// numbers are fixed (real ones are random), so the README and a tester can open a known cashier.

export interface DemoCodes {
  companyId: number;
  createdBy: number;
  createdAt: Date;
  /** In the order the batch lists them (newest first). */
  codes: {
    codeNo: string;
    bound?: { mchNo: string; fixedAmountFen?: number; label?: string; at: Date };
    disabledAt?: Date;
  }[];
}

/** Inserts the batch and its codes; answers the batch number. */
export async function insertDemoCodes(tx: Tx, input: DemoCodes): Promise<string> {
  const [batch] = await tx
    .insert(codeBatches)
    .values({
      companyId: input.companyId,
      batchNo: newBatchNo(input.createdAt),
      count: input.codes.length,
      createdBy: input.createdBy,
      createdAt: input.createdAt,
    })
    .returning();
  // Inserted oldest first, so the list (newest first) shows them in the order given.
  for (const code of [...input.codes].reverse()) {
    const merchant = code.bound && (await lockMerchant(tx, input.companyId, code.bound.mchNo));
    if (code.bound && !merchant) throw new Error(`demo codes: no merchant ${code.bound.mchNo}`);
    await tx.insert(paymentCodes).values({
      companyId: input.companyId,
      batchId: batch!.id,
      codeNo: code.codeNo,
      status: code.disabledAt ? 'DISABLED' : code.bound ? 'BOUND' : 'UNBOUND',
      merchantId: merchant ? merchant.id : null,
      fixedAmountFen: code.bound?.fixedAmountFen ?? null,
      label: code.bound?.label ?? null,
      boundAt: code.bound?.at ?? null,
      disabledAt: code.disabledAt ?? null,
      createdAt: input.createdAt,
    });
  }
  return batch!.batchNo;
}
