import { luhnCheckDigit } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { merchantAccount, postTransaction, reverseTransaction } from '../ledger/index.ts';
import { payeeAccounts, transfers } from './transfer.tables.ts';

const DAY = 86_400_000;

/**
 * The demo's funds: a payee bank card of the organisation and two transfers out of a merchant's settled money,
 * one paid out two days ago and one refused by the payout channel yesterday (its money back), posted to the
 * ledger as the services would.
 */
export async function insertDemoTransfers(db: Db, input: { companyId: number; merchantId: number; createdBy: number }) {
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
    const made = [
      { no: 'T20260101000000000001', amountFen: 50_000, status: 'SUCCESS', at: new Date(Date.now() - 2 * DAY) },
      { no: 'T20260101000000000002', amountFen: 20_000, status: 'FAILED', at: new Date(Date.now() - 1 * DAY) },
    ];
    for (const t of made) {
      await tx.insert(transfers).values({
        transferNo: t.no,
        companyId: input.companyId,
        merchantId: input.merchantId,
        accountId: payee!.id,
        amountFen: t.amountFen,
        remark: '演示提现 Demo withdrawal',
        status: t.status,
        failReason: t.status === 'FAILED' ? '沙箱：出款被拒 / Sandbox: payout refused' : null,
        idempotencyKey: `demo-${t.no}`,
        requestHash: 'demo',
        createdBy: input.createdBy,
        createdAt: t.at,
        finishedAt: new Date(t.at.getTime() + 60_000),
      });
      await postTransaction(tx, {
        kind: 'TRANSFER',
        refNo: t.no,
        companyId: input.companyId,
        at: t.at,
        entries: [
          { account: merchantAccount(input.merchantId, 'available'), amountFen: -t.amountFen },
          { account: merchantAccount(input.merchantId, 'in_transit'), amountFen: t.amountFen },
        ],
      });
      const done = new Date(t.at.getTime() + 60_000);
      if (t.status === 'SUCCESS') {
        await postTransaction(tx, {
          kind: 'PAYOUT',
          refNo: t.no,
          companyId: input.companyId,
          at: done,
          entries: [
            { account: merchantAccount(input.merchantId, 'in_transit'), amountFen: -t.amountFen },
            { account: 'platform:payout', amountFen: t.amountFen },
          ],
        });
      } else {
        await reverseTransaction(
          tx,
          { kind: 'TRANSFER', refNo: t.no },
          { kind: 'TRANSFER_REVERSAL', companyId: input.companyId, at: done },
        );
      }
    }
  });
}
