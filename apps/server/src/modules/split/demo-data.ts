import type { Db } from '../../db/client.ts';
import { splitApplications } from './split.tables.ts';

const DAY = 86_400_000;

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
  await db.insert(splitApplications).values([
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
