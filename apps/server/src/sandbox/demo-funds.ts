import { luhnCheckDigit } from '@mchweb/contract';
import type { Db } from '../db/client.ts';
import { importSplits } from '../modules/split/index.ts';
import { finishTransfer, importPayee, importTransfer } from '../modules/transfer/index.ts';

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
    const accountId = await importPayee(tx, {
      companyId: input.companyId,
      type: 'BANK_CARD',
      name: '王芳',
      accountNo: `622202020000888888${luhnCheckDigit('622202020000888888')}`,
      bankName: '中国工商银行',
      createdBy: input.createdBy,
      createdAt: new Date(Date.now() - 3 * DAY),
    });
    for (const t of made) {
      await importTransfer(tx, {
        transferNo: t.no,
        companyId: input.companyId,
        merchantId: input.merchantId,
        accountId,
        amountFen: t.amountFen,
        remark: '演示提现 Demo withdrawal',
        idempotencyKey: `demo-${t.no}`,
        requestHash: 'demo',
        createdBy: input.createdBy,
        createdAt: t.at,
      });
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

/**
 * The demo's profit sharing: one merchant shares 10 % with another, approved today (so it applies from tomorrow and
 * the demo's settled days stay as they are), and an earlier application the platform rejected.
 */
export async function insertDemoSplits(
  db: Db,
  input: {
    companyId: number;
    merchantId: number;
    receiverId: number;
    receiverNo: string;
    createdBy: number;
    tomorrow: string;
  },
) {
  const base = { companyId: input.companyId, merchantId: input.merchantId, createdBy: input.createdBy };
  await importSplits(db, [
    {
      ...base,
      applyNo: 'D20260101000000000001',
      status: 'REJECTED',
      receivers: [
        { type: 'EXTERNAL', name: '李强', accountNo: '6222020200012345670', bankName: '招商银行', ratio: 25 },
      ],
      totalRatio: 25,
      remark: '合作方分成 Partner share',
      rejectReason: '外部接收方的协议未上传 / The outside receiver’s agreement was not provided',
      createdAt: new Date(Date.now() - 6 * DAY),
      decidedAt: new Date(Date.now() - 5 * DAY),
    },
    {
      ...base,
      applyNo: 'D20260101000000000002',
      status: 'APPROVED',
      receivers: [{ type: 'MERCHANT', merchantId: input.receiverId, name: input.receiverNo, ratio: 10 }],
      totalRatio: 10,
      remark: '门店间分成 Share between shops',
      effectiveFrom: input.tomorrow,
      createdAt: new Date(Date.now() - 2 * 3600_000),
      decidedAt: new Date(Date.now() - 3600_000),
    },
  ]);
}
