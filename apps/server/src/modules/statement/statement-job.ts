import { CHANNELS, type Channel } from '@mchweb/contract';
import { addDays, clockOf, dayOf } from '../../business-day.ts';
import { isConnected } from '../../channels.ts';
import type { Job } from '../../jobs.ts';
import type { ModuleContext } from '../../module.ts';
import { reconcileDay } from '../../reconcile.ts';
import { statementReconcileCheck } from './statement-reconcile.ts';
import { isDownloaded, STATEMENT_READY_AT, STATEMENT_TZ, storeStatement } from './statement.service.ts';

/** After a failed download, the next try of that channel (the job looks every minute). */
const RETRY_AFTER_MS = 10 * 60_000;

/**
 * Each connected payment channel's statement of yesterday (China's day), once the channel has published it
 * (STATEMENT_READY_AT): downloaded, kept, and reconciled at once with our orders, refunds and the ledger, every
 * difference in the log as the nightly reconciliation logs its own (that run comes at MCHWEB_SETTLE_AT, before the
 * statements exist, and reports them as open). Row-safe: a day is stored under its unique key, so a second process
 * downloading the same statement stores nothing; the download runs outside any transaction.
 */
export const statementJobs = ({ channels, config }: ModuleContext): Job[] => {
  const retryAt = new Map<Channel, number>();
  const earliest = Object.values(STATEMENT_READY_AT).sort()[0]!;
  return [
    {
      name: 'statements',
      schedule: { dailyAt: earliest, tz: STATEMENT_TZ },
      lock: 'rows',
      async run({ db, log, now }) {
        const day = addDays(dayOf(now, STATEMENT_TZ), -1);
        const clock = clockOf(now, STATEMENT_TZ);
        for (const channel of CHANNELS) {
          const adapter = channels.payment(channel);
          if (!isConnected(adapter) || clock < STATEMENT_READY_AT[channel]) continue;
          if ((retryAt.get(channel) ?? 0) > now.getTime() || (await isDownloaded(db, channel, day))) continue;
          let stored: boolean;
          try {
            const lines = await adapter.fetchStatement(day);
            stored = await storeStatement(db, channel, day, lines);
            log.info({ channel, day, lines: lines.length }, `statement of ${channel} ${day} downloaded`);
          } catch (err) {
            retryAt.set(channel, now.getTime() + RETRY_AFTER_MS);
            log.warn({ channel, day, err }, `statement of ${channel} ${day} not downloaded; trying again later`);
            continue;
          }
          if (!stored) continue;
          const { differences } = await reconcileDay(db, [statementReconcileCheck], day, { tz: config.timezone, now });
          const mine = differences.filter((d) => d.startsWith(`${channel} `));
          if (mine.length)
            log.error({ day, problems: mine }, `statement of ${channel} ${day}: ${mine.length} difference(s)`);
          else log.info({ channel, day }, `statement of ${channel} ${day}: no difference`);
        }
      },
    },
  ];
};
