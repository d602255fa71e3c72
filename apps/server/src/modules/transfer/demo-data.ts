import { luhnCheckDigit } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { finishTransfer, holdTransferMoney } from './transfer.service.ts';
import { payeeAccounts, transfers } from './transfer.tables.ts';

const DAY = 86_400_000;

/**
 * The demo's funds: a payee bank card of the organisation and two transfers out of a merchant's settled money,
 * one paid out two days ago and one refused by the payout channel yesterday (its money back), made and finished
 * by the transfer service's own postings.
 */
export async function insertDemoTransfers(db: Db, input: { companyId: number; merchantId: number; createdBy: number }) {
  const made = [
    { no: 'T20260101000000000001', amountFen: 50_000, result: 'SUCCESS', at: new Date(Date.now() - 2 * DAY) },
    { no: 'T20260101000000000002', amountFen: 20_000, result: 'FAILED', at: new Date(Date.now() - 1 * DAY) },
  ] as const;
  await db.transaction(async (tx) => {
    const [payee] = await tx
      .insert(payeeAccounts)
      .values({
        companyId: input.companyId,
        type: 'BANK_CARD',
        name: '王芳',
        accountNo: `622202020000888888${luhnCheckDigit('622202020000888888')}`,
        bankName: '中国工商银行',
        createdBy: input.createdBy,
        createdAt: new Date(Date.now() - 3 * DAY),
      })
      .returning();
    for (const t of made) {
      const [row] = await tx
        .insert(transfers)
        .values({
          transferNo: t.no,
          companyId: input.companyId,
          merchantId: input.merchantId,
          accountId: payee!.id,
          amountFen: t.amountFen,
          remark: '演示提现 Demo withdrawal',
          idempotencyKey: `demo-${t.no}`,
          requestHash: 'demo',
          createdBy: input.createdBy,
          createdAt: t.at,
        })
        .returning();
      await holdTransferMoney(tx, row!);
    }
  });
  for (const t of made) {
    await finishTransfer(
      db,
      { transferNo: t.no, result: t.result, failReason: '沙箱：出款被拒 / Sandbox: payout refused' },
      new Date(t.at.getTime() + 60_000),
    );
  }
}
