import type { Readable } from 'node:stream';
import type { Language } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { csvFile, localTime, xlsxFile, yuanText, type Cell, type SheetSpec } from '../../export-file.ts';
import { billLines, billSummary } from './bill.service.ts';
import {
  settlementConditions,
  settlementItem,
  settlementRows,
  type SettlementFilterInput,
} from './settlement-query.service.ts';

const zh = (language: Language) => language === 'zh-CN';

/** `/exportSettlement`: every settlement of the filter, newest first. */
export function settlementFile(
  db: Tx,
  companyId: number,
  filter: SettlementFilterInput,
  format: 'csv' | 'xlsx',
  language: Language,
  tz: string,
): Readable {
  const where = settlementConditions(companyId, filter, tz);
  const time = localTime(tz);
  const sheet: SheetSpec = {
    name: zh(language) ? '结算' : 'Settlements',
    headers: zh(language)
      ? [
          '结算单号',
          '结算日期',
          '商户号',
          '商户名称',
          '状态',
          '交易笔数',
          '交易金额(元)',
          '退款笔数',
          '退款金额(元)',
          '手续费(元)',
          '分账金额(元)',
          '结算金额(元)',
          '失败原因',
          '结算时间',
        ]
      : [
          'Settlement no.',
          'Day',
          'Merchant no.',
          'Merchant',
          'Status',
          'Trades',
          'Trade (CNY)',
          'Refunds',
          'Refunded (CNY)',
          'Fees (CNY)',
          'Split (CNY)',
          'Net (CNY)',
          'Failure',
          'Settled at',
        ],
    widths: [26, 12, 14, 24, 10, 10, 14, 10, 14, 12, 12, 14, 30, 20],
    moneyColumns: [6, 8, 9, 10, 11],
    rows: async function* () {
      let cursor: string | undefined;
      for (;;) {
        const { rows, names } = await settlementRows(db, where, { cursor, limit: 1000 });
        const kept = rows.slice(0, 1000);
        yield kept.map((s): Cell[] => {
          const i = settlementItem(s, names.get(s.merchantId));
          return [
            i.settleNo,
            i.settleDate,
            i.mchNo,
            i.mchName,
            i.status,
            i.tradeCount,
            yuanText(i.tradeFen),
            i.refundCount,
            yuanText(i.refundFen),
            yuanText(i.feeFen),
            yuanText(i.splitFen),
            yuanText(i.netFen),
            i.failReason ?? '',
            time(s.settledAt),
          ];
        });
        if (rows.length <= 1000) return;
        cursor = String(kept.at(-1)!.id);
      }
    },
  };
  return format === 'csv' ? csvFile([sheet]) : xlsxFile([sheet]);
}

const KIND_TEXT: Record<string, Record<Language, string>> = {
  PAYMENT: { 'zh-CN': 'SUCCESS', 'en-US': 'SUCCESS' },
  REFUND: { 'zh-CN': 'REFUND', 'en-US': 'REFUND' },
  REFUND_REVERSAL: { 'zh-CN': 'REFUND_FAILED', 'en-US': 'REFUND_FAILED' },
};

/**
 * `/exportTradeBill` in the WeChat trade bill's style: one row per payment and refund of the day (交易时间, 商户号,
 * 订单号, 退款单号, 交易状态, 金额, 手续费...), then a summary block (总交易单数, 应结订单总金额, 退款总金额,
 * 手续费总金额, 结算金额). CSV: the summary under the rows; XLSX: two sheets.
 */
export function tradeBillFile(
  db: Tx,
  actor: Actor,
  input: { mchNo?: string | undefined; date: string },
  format: 'csv' | 'xlsx',
  tz: string,
): Readable {
  const language = actor.language;
  const time = localTime(tz);
  const rows: SheetSpec = {
    name: zh(language) ? '交易明细' : 'Transactions',
    headers: zh(language)
      ? [
          '交易时间',
          '商户号',
          '支付渠道',
          '订单号',
          '退款单号',
          '交易状态',
          '订单金额(元)',
          '退款金额(元)',
          '手续费(元)',
          '入账金额(元)',
        ]
      : [
          'Time',
          'Merchant no.',
          'Channel',
          'Order no.',
          'Refund no.',
          'Type',
          'Paid (CNY)',
          'Refunded (CNY)',
          'Fee (CNY)',
          'Net (CNY)',
        ],
    widths: [20, 14, 10, 24, 24, 14, 14, 14, 12, 14],
    moneyColumns: [6, 7, 8, 9],
    rows: async function* () {
      for await (const batch of billLines(db, actor, input, tz)) {
        yield batch.map((r): Cell[] => [
          time(new Date(r.at)),
          r.mchNo,
          r.channel,
          r.orderNo,
          r.kind === 'PAYMENT' ? '' : r.refNo,
          KIND_TEXT[r.kind]![language],
          yuanText(r.kind === 'PAYMENT' ? r.amountFen : 0),
          yuanText(r.kind === 'PAYMENT' ? 0 : r.amountFen),
          yuanText(r.feeFen),
          yuanText(r.netFen),
        ]);
      }
    },
  };
  const summary: SheetSpec = {
    name: zh(language) ? '汇总' : 'Summary',
    headers: zh(language)
      ? [
          '总交易单数',
          '应结订单总金额(元)',
          '退款笔数',
          '退款总金额(元)',
          '手续费总金额(元)',
          '分账金额(元)',
          '结算金额(元)',
        ]
      : ['Trades', 'Trade total (CNY)', 'Refunds', 'Refund total (CNY)', 'Fee total (CNY)', 'Split (CNY)', 'Net (CNY)'],
    moneyColumns: [1, 3, 4, 5, 6],
    rows: async function* () {
      const { total } = await billSummary(db, actor, input, tz);
      yield [
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
  return format === 'csv' ? csvFile([rows, summary]) : xlsxFile([rows, summary]);
}
