import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Language } from '@mchweb/contract';
import type { Reader } from '../../db/client.ts';
import { exportFile, localTimeSql, type Column, type QuerySheet } from '../../export-file.ts';
import { merchantOfRows } from '../merchant/index.ts';
import { orderConditions, type ResolvedFilter } from './order-filter.ts';
import { orders } from './order.tables.ts';

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

/** The orders of the filter as one sheet, newest first: money as yuan, times in the business time zone. */
export function ordersSheet(r: ResolvedFilter, language: Language, tz: string): QuerySheet {
  const merchant = merchantOfRows(orders.merchantId);
  const cells: [Column['kind'], number, ReturnType<typeof sql>][] = [
    ['text', 24, sql`${orders.orderNo}`],
    ['text', 14, merchant.mchNo],
    ['typed', 24, merchant.name],
    ['text', 14, sql`${orders.codeNo}`],
    ['typed', 14, sql`${orders.label}`],
    ['text', 10, sql`${orders.channel}`],
    ['text', 16, sql`${orders.status}`],
    ['money', 14, sql`${orders.amountFen}`],
    // The fee is charged when the order is paid: an unpaid order owes none.
    ['money', 12, sql`case when ${orders.paidAt} is null then 0 else ${orders.feeFen} end`],
    ['money', 14, sql`${orders.refundedFen}`],
    ['text', 20, localTimeSql(sql`${orders.createdAt}`, tz)],
    ['text', 20, localTimeSql(sql`${orders.paidAt}`, tz)],
  ];
  return {
    name: language === 'zh-CN' ? '订单' : 'Orders',
    columns: cells.map(([kind, width, value], i) => ({ header: HEADERS[language][i]!, kind, width, value })),
    from: sql`${orders} ${merchant.join}`,
    where: orderConditions(r),
    key: sql`${orders.id}`,
    descending: true,
  };
}

/** The orders as CSV (UTF-8 with a BOM, so Excel opens the Chinese right) or XLSX, written as they are read. */
export const orderFile = (
  database: Reader,
  r: ResolvedFilter,
  format: 'csv' | 'xlsx',
  language: Language,
  tz: string,
): Readable => exportFile(database, format, [ordersSheet(r, language, tz)]);
