import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Database, Tx } from '../../db/client.ts';
import { addDays, dayStart } from '../../business-day.ts';
import {
  exportFile,
  localTimeSql,
  yuanText,
  type Column,
  type QuerySheet,
  type ValueSheet,
} from '../../export-file.ts';
import { movementLinesQuery } from '../ledger/index.ts';
import { merchantOfRows } from '../merchant/index.ts';
import { orderNoOfRefundSql } from '../order/index.ts';
import { billMerchants, billTotals } from './bill.service.ts';
import { settlementConditions, type SettlementFilterInput } from './settlement-query.service.ts';
import { settlements } from './settlement.tables.ts';

const zh = (language: Language) => language === 'zh-CN';

/** Columns of a sheet: headers in both languages, kind, width and value. */
const columns = (language: Language, list: [string, string, Column['kind'], number, SQL][]): Column[] =>
  list.map(([zhHeader, enHeader, kind, width, value]) => ({
    header: zh(language) ? zhHeader : enHeader,
    kind,
    width,
    value,
  }));

/** `/exportSettlement`: every settlement of the filter, newest first. */
export function settlementFile(
  database: Database,
  companyId: number,
  filter: SettlementFilterInput,
  format: 'csv' | 'xlsx',
  language: Language,
  tz: string,
): Readable {
  const merchant = merchantOfRows(settlements.merchantId);
  const s = settlements;
  return exportFile(database, format, [
    {
      name: zh(language) ? '结算' : 'Settlements',
      columns: columns(language, [
        ['结算单号', 'Settlement no.', 'text', 26, sql`${s.settleNo}`],
        ['结算日期', 'Day', 'text', 12, sql`${s.settleDate}`],
        ['商户号', 'Merchant no.', 'text', 14, merchant.mchNo],
        ['商户名称', 'Merchant', 'typed', 24, merchant.name],
        ['状态', 'Status', 'text', 10, sql`${s.status}`],
        ['交易笔数', 'Trades', 'count', 10, sql`${s.tradeCount}`],
        ['交易金额(元)', 'Trade (CNY)', 'money', 14, sql`${s.tradeFen}`],
        ['退款笔数', 'Refunds', 'count', 10, sql`${s.refundCount}`],
        ['退款金额(元)', 'Refunded (CNY)', 'money', 14, sql`${s.refundFen}`],
        ['手续费(元)', 'Fees (CNY)', 'money', 12, sql`${s.feeFen}`],
        ['分账金额(元)', 'Split (CNY)', 'money', 12, sql`${s.splitFen}`],
        ['结算金额(元)', 'Net (CNY)', 'money', 14, sql`${s.netFen}`],
        ['失败原因', 'Failure', 'typed', 30, sql`${s.failReason}`],
        ['结算时间', 'Settled at', 'text', 20, localTimeSql(sql`${s.settledAt}`, tz)],
      ]),
      from: sql`${settlements} ${merchant.join}`,
      where: settlementConditions(companyId, filter, tz),
      key: sql`${s.id}`,
      descending: true,
    },
  ]);
}

/** The trade bill's transaction types, as WeChat's bill names them (the same in both languages). */
const kindText = (kind: SQL) =>
  sql`case ${kind} when 'PAYMENT' then 'SUCCESS' when 'REFUND' then 'REFUND' when 'REFUND_REVERSAL' then 'REFUND_FAILED' else ${kind} end`;

/** The rows of a bill: every payment and refund on these merchants' pending money that day, in posting order. */
export function billRowsSheet(ids: number[], date: string, language: Language, tz: string): QuerySheet {
  const line = movementLinesQuery(ids, { start: dayStart(date, tz), end: dayStart(addDays(date, 1), tz) });
  const merchant = merchantOfRows(line.merchantId);
  const payment = sql`${line.kind} = 'PAYMENT'`;
  return {
    name: zh(language) ? '交易明细' : 'Transactions',
    columns: columns(language, [
      ['交易时间', 'Time', 'text', 20, localTimeSql(line.at, tz)],
      ['商户号', 'Merchant no.', 'text', 14, merchant.mchNo],
      ['支付渠道', 'Channel', 'text', 10, line.channel],
      [
        '订单号',
        'Order no.',
        'text',
        24,
        sql`case when ${payment} then ${line.refNo} else ${orderNoOfRefundSql(line.refNo)} end`,
      ],
      ['退款单号', 'Refund no.', 'text', 24, sql`case when ${payment} then '' else ${line.refNo} end`],
      ['交易状态', 'Type', 'text', 14, kindText(line.kind)],
      ['订单金额(元)', 'Paid (CNY)', 'money', 14, sql`case when ${payment} then -${line.clearingFen} else 0 end`],
      ['退款金额(元)', 'Refunded (CNY)', 'money', 14, sql`case when ${payment} then 0 else ${line.clearingFen} end`],
      ['手续费(元)', 'Fee (CNY)', 'money', 12, line.feeFen],
      ['入账金额(元)', 'Net (CNY)', 'money', 14, line.accountFen],
    ]),
    from: sql`${line.from} ${merchant.join}`,
    where: line.where,
    key: line.key,
    descending: false,
  };
}

/**
 * `/exportTradeBill` in the WeChat trade bill's style: one row per payment and refund of the day (交易时间, 商户号,
 * 订单号, 退款单号, 交易状态, 金额, 手续费...), then a summary block (总交易单数, 应结订单总金额, 退款总金额,
 * 手续费总金额, 结算金额). CSV: the summary under the rows; XLSX: two sheets. The rows are the ledger's lines of the
 * day, as the bill page and the settlement read them.
 */
export async function tradeBillFile(
  database: Database,
  actor: Actor,
  input: { mchNo?: string | undefined; date: string },
  format: 'csv' | 'xlsx',
  tz: string,
): Promise<Readable> {
  return exportFile(database, format, await tradeBillSheets(database.db, actor, input, tz));
}

/** The trade bill's two sheets: its rows (one query), and the summary block of `billTotals`. */
export async function tradeBillSheets(
  db: Tx,
  actor: Actor,
  input: { mchNo?: string | undefined; date: string },
  tz: string,
): Promise<[QuerySheet, ValueSheet]> {
  const language = actor.language;
  const ids = await billMerchants(db, actor, input.mchNo);
  const rows = billRowsSheet(ids, input.date, language, tz);
  // The summary block is worked out while the rows stream (on another connection on PostgreSQL), so it is ready
  // when they end; a download closed before it never asks for it, hence the catch.
  const totals = billTotals(db, ids, input.date, tz);
  totals.catch(() => {});
  const summary: ValueSheet = {
    name: zh(language) ? '汇总' : 'Summary',
    columns: (
      [
        ['总交易单数', 'Trades', 'count'],
        ['应结订单总金额(元)', 'Trade total (CNY)', 'money'],
        ['退款笔数', 'Refunds', 'count'],
        ['退款总金额(元)', 'Refund total (CNY)', 'money'],
        ['手续费总金额(元)', 'Fee total (CNY)', 'money'],
        ['分账金额(元)', 'Split (CNY)', 'money'],
        ['结算金额(元)', 'Net (CNY)', 'money'],
      ] as const
    ).map(([zhHeader, enHeader, kind]) => ({ header: zh(language) ? zhHeader : enHeader, kind, width: 18 })),
    rows: async () => {
      const total = await totals;
      return [
        [
          total.tradeCount,
          yuanText(total.tradeFen),
          total.refundCount,
          yuanText(total.refundFen),
          yuanText(total.feeFen),
          yuanText(total.splitFen),
          yuanText(total.netFen),
        ],
      ];
    },
  };
  return [rows, summary];
}
