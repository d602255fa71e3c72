import { and, asc, eq, gt, or } from 'drizzle-orm';
import { maskAccount, type PayeeType } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { afterTimeCursor, timeCursorOf } from '../../keyset.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { payeeAccounts, transfers } from './transfer.tables.ts';

/**
 * Payouts in flight (the console, issue 28): every organisation's transfers the payout channel has not answered
 * yet, oldest first, with their age.
 */
export async function payoutsInFlight(db: Tx, page: { cursor?: string | undefined; limit: number }, now = new Date()) {
  const cursor = afterTimeCursor(page.cursor);
  const after =
    cursor &&
    or(gt(transfers.createdAt, cursor.at), and(eq(transfers.createdAt, cursor.at), gt(transfers.id, cursor.id)));
  const rows = await db
    .select({ t: transfers, p: payeeAccounts })
    .from(transfers)
    .innerJoin(payeeAccounts, eq(payeeAccounts.id, transfers.accountId))
    .where(and(eq(transfers.status, 'PROCESSING'), after))
    .orderBy(asc(transfers.createdAt), asc(transfers.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  const names = await merchantNamesOf(
    db,
    kept.map((r) => r.t.merchantId),
  );
  const last = kept.at(-1);
  return {
    rows: kept.map(({ t, p }) => ({
      transferNo: t.transferNo,
      companyId: t.companyId,
      mchNo: names.get(t.merchantId)?.mchNo ?? '',
      mchName: names.get(t.merchantId)?.name ?? '',
      payeeType: p.type as PayeeType,
      payeeName: p.name,
      accountNoMasked: maskAccount(p.accountNo),
      amountFen: t.amountFen,
      createdAt: t.createdAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - t.createdAt.getTime()) / 1000)),
    })),
    nextCursor: hasMore && last ? timeCursorOf(last.t.createdAt, last.t.id) : null,
    hasMore,
  };
}
