import type { Readable } from 'node:stream';
import { and, desc, lt } from 'drizzle-orm';
import type { Language } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { csvFile, localTime, xlsxFile, yuanText, type SheetSpec } from '../../export-file.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { orderConditions, type ResolvedFilter } from './order-filter.ts';
import { orders } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
const BATCH = 2000;

/**
 * Every order of the filter, newest first, a batch at a time: each batch is one short keyset query (`id <` the
 * last one sent), so an export of a million rows holds neither the rows in memory nor the database (PGlite has one
 * connection, and a cursor would keep it from everyone else for the whole download).
 */
async function* batches(db: Tx, r: ResolvedFilter): AsyncGenerator<OrderRow[]> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(orderConditions(r), beforeId === undefined ? undefined : lt(orders.id, beforeId)))
      .orderBy(desc(orders.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    beforeId = rows.at(-1)!.id;
  }
}

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '订单号',
    '商户号',
    '商户名称',
    '收款码',
    '标签',
    '支付渠道',
    '订单状态',
    '订单金额(元)',
    '手续费(元)',
    '已退款(元)',
    '创建时间',
    '支付时间',
  ],
  'en-US': [
    'Order no.',
    'Merchant no.',
    'Merchant',
    'Code no.',
    'Label',
    'Channel',
    'Status',
    'Amount (CNY)',
    'Fee (CNY)',
    'Refunded (CNY)',
    'Created',
    'Paid',
  ],
};

/** The orders of the filter as one sheet: money as yuan, times in the business time zone. */
function ordersSheet(db: Tx, r: ResolvedFilter, language: Language, tz: string): SheetSpec {
  const time = localTime(tz);
  return {
    name: language === 'zh-CN' ? '订单' : 'Orders',
    headers: HEADERS[language],
    widths: [24, 14, 24, 14, 14, 10, 16, 14, 12, 14, 20, 20],
    moneyColumns: [7, 8, 9],
    rows: async function* () {
      for await (const list of batches(db, r)) {
        const names = await merchantNamesOf(
          db,
          list.map((o) => o.merchantId),
        );
        yield list.map((o) => {
          const m = names.get(o.merchantId);
          return [
            o.orderNo,
            m?.mchNo ?? '',
            m?.name ?? '',
            o.codeNo ?? '',
            o.label ?? '',
            o.channel,
            o.status,
            yuanText(o.amountFen),
            yuanText(o.paidAt ? o.feeFen : 0),
            yuanText(o.refundedFen),
            time(o.createdAt),
            time(o.paidAt),
          ];
        });
      }
    },
  };
}

/** The orders as CSV (UTF-8 with a BOM, so Excel opens the Chinese right). */
export const orderCsv = (db: Tx, r: ResolvedFilter, language: Language, tz: string): Readable =>
  csvFile([ordersSheet(db, r, language, tz)]);

/** The orders as XLSX, written as they are read. */
export const orderXlsx = (db: Tx, r: ResolvedFilter, language: Language, tz: string): Readable =>
  xlsxFile([ordersSheet(db, r, language, tz)]);
