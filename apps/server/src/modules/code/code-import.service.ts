import type { Tx } from '../../db/client.ts';
import { lockMerchant } from '../merchant/index.ts';
import { newBatchNo } from './code-batch.service.ts';
import { codeBatches, paymentCodes } from './code.tables.ts';

// A batch of codes made elsewhere, with its history: generated at a given time, some codes bound to merchants or
// disabled since, their numbers given (the sandbox's demo data fixes them so the README opens a known cashier).

export interface ImportedCodeBatch {
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
export async function importCodeBatch(tx: Tx, input: ImportedCodeBatch): Promise<string> {
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
    if (code.bound && !merchant) throw new Error(`imported codes: no merchant ${code.bound.mchNo}`);
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
