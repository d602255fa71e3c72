import type { SandboxRefund } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Job } from '../jobs.ts';
import type { ModuleContext } from '../module.ts';
import { finishRefund, refundsWaitingSince } from '../modules/order/index.ts';
import { dueTransfers, finishTransfer } from '../modules/transfer/index.ts';

type Result = 'SUCCESS' | 'FAILED';

/**
 * Answer what has waited `delayMs` with success or failure (`mode`), as a real channel's notice would, looking
 * every half of the delay (between 50 ms and 1 s). Safe on several processes: an answer changes only a refund or
 * transfer still PROCESSING, so a second process answering the same one changes nothing.
 */
function answering(
  name: string,
  mode: SandboxRefund,
  delayMs: number,
  waiting: (db: Db) => Promise<string[]>,
  answer: (db: Db, no: string, result: Result) => Promise<unknown>,
): Job[] {
  if (mode === 'off') return [];
  const result = mode === 'success' ? 'SUCCESS' : 'FAILED';
  const everyMs = Math.min(1000, Math.max(50, Math.floor(delayMs / 2)));
  return [
    {
      name,
      schedule: { everyMs },
      lock: 'rows',
      async run({ db }) {
        for (const no of await waiting(db)) await answer(db, no, result);
      },
    },
  ];
}

/** The sandbox channel answering refunds (MCHWEB_SANDBOX_REFUND) and payouts (MCHWEB_SANDBOX_PAYOUT). */
export const channelJobs = ({ config }: ModuleContext): Job[] => [
  ...answering(
    'sandbox refunds',
    config.sandboxRefund,
    config.sandboxRefundDelayMs,
    (db) => refundsWaitingSince(db, config.sandboxRefundDelayMs),
    (db, refundNo, result) =>
      finishRefund(
        db,
        { refundNo, result, failReason: 'Sandbox: refund refused / 沙箱：退款被拒' },
        { tz: config.timezone },
      ),
  ),
  ...answering(
    'sandbox payouts',
    config.sandboxPayout,
    config.sandboxPayoutDelayMs,
    (db) => dueTransfers(db, config.sandboxPayoutDelayMs),
    (db, transferNo, result) =>
      finishTransfer(db, { transferNo, result, failReason: 'Sandbox: payout refused / 沙箱：出款被拒' }),
  ),
];
