import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PayeeType, TransferItem, TransferPage, TransferStatus, TransferSummary } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, dayOf, rangeOf } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, pageOf } from '../../keyset.ts';
import { inScope, type MerchantScope } from '../../merchant-scope.ts';
import { merchantIdsSubquery, merchantNamesOf } from '../merchant/index.ts';
import { personNames } from '../user/index.ts';
import { maskedPayee, payeesById } from './payee.service.ts';
import { TRANSFER } from './transfer.messages.ts';
import { transfers } from './transfer.tables.ts';

type Row = typeof transfers.$inferSelect;
export interface TransferFilterInput {
  from?: string | undefined;
  to?: string | undefined;
  mchNos?: string[] | undefined;
  statuses?: TransferStatus[] | undefined;
  transferNo?: string | undefined;
}

/**
 * The filter's WHERE: the organisation (the member's merchants), the time asked (default the last 7 days and
 * today), merchants, statuses.
 */
function conditions(member: { companyId: number; merchantIds: MerchantScope }, f: TransferFilterInput, tz: string) {
  const { companyId } = member;
  const today = dayOf(new Date(), tz);
  const { start, end } = rangeOf(f.from ?? addDays(today, -7), f.to ?? today, tz);
  const parts: (SQL | undefined)[] = [
    eq(transfers.companyId, companyId),
    inScope(transfers.merchantId, member.merchantIds),
    gte(transfers.createdAt, start),
    lt(transfers.createdAt, end),
  ];
  if (f.mchNos?.length) parts.push(inArray(transfers.merchantId, merchantIdsSubquery(companyId, f.mchNos)));
  if (f.statuses?.length) parts.push(inArray(transfers.status, f.statuses));
  if (f.transferNo) parts.push(eq(transfers.transferNo, f.transferNo));
  return and(...parts)!;
}

async function items(db: Tx, rows: Row[]): Promise<(r: Row) => TransferItem> {
  const [names, payees, people] = await Promise.all([
    merchantNamesOf(
      db,
      rows.map((r) => r.merchantId),
    ),
    payeesById(
      db,
      rows.map((r) => r.accountId),
    ),
    personNames(
      db,
      rows.map((r) => r.createdBy),
    ),
  ]);
  return (r) => {
    const p = payees.get(r.accountId)!;
    return {
      transferNo: r.transferNo,
      mchNo: names.get(r.merchantId)?.mchNo ?? '',
      mchName: names.get(r.merchantId)?.name ?? '',
      accountId: r.accountId,
      payeeType: p.type as PayeeType,
      payeeName: p.name,
      accountNoMasked: maskedPayee(p),
      amountFen: r.amountFen,
      remark: r.remark,
      status: r.status as TransferStatus,
      failReason: r.failReason,
      createdBy: people(r.createdBy),
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    };
  };
}

export async function transferItem(db: Tx, row: Row): Promise<TransferItem> {
  return (await items(db, [row]))(row);
}

/** `POST /transfer/list`: newest first, keyset by id. */
export async function listTransfers(
  db: Tx,
  actor: Actor,
  body: TransferFilterInput & { cursor?: string | undefined; limit: number },
  tz: string,
): Promise<TransferPage> {
  const { cursor, limit, ...filter } = body;
  const beforeId = beforeIdOf(cursor);
  const where = conditions(requireMember(actor), filter, tz);
  const rows = await db
    .select()
    .from(transfers)
    .where(beforeId === undefined ? where : and(where, lt(transfers.id, beforeId)))
    .orderBy(desc(transfers.id))
    .limit(limit + 1);
  return pageOf(rows, limit, await items(db, rows));
}

/** `POST /transfer/summary`. */
export async function transferSummary(
  db: Tx,
  actor: Actor,
  filter: TransferFilterInput,
  tz: string,
): Promise<TransferSummary> {
  const where = conditions(requireMember(actor), filter, tz);
  const by = (status: string) =>
    sql<string>`coalesce(sum(${transfers.amountFen}) filter (where ${transfers.status} = ${status}), 0)::text`;
  const [r] = await db
    .select({
      count: sql<string>`count(*)::text`,
      amountFen: sql<string>`coalesce(sum(${transfers.amountFen}), 0)::text`,
      successFen: by('SUCCESS'),
      processingFen: by('PROCESSING'),
      failedFen: by('FAILED'),
    })
    .from(transfers)
    .where(where);
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as TransferSummary;
}

/** `GET /transfer/detail`. */
export async function transferDetail(db: Tx, actor: Actor, transferNo: string): Promise<TransferItem> {
  const { companyId, merchantIds } = requireMember(actor);
  const [row] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.transferNo, transferNo),
        eq(transfers.companyId, companyId),
        inScope(transfers.merchantId, merchantIds),
      ),
    );
  if (!row) throw notFound(TRANSFER.transferNotFound);
  return transferItem(db, row);
}
